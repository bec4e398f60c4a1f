import { personName } from '@domain/shared/format';
import { facilityActions } from '@domain/facilities/actions';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { PageLoader } from '@/components/ui/page-loader';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';
import type { FacilityView } from '@domain/facilities/facility-view';

import { useAdminFacility } from '../api/get-facility';
import { useAdminFacilityHistory } from '../api/get-facility-history';
import { useAdminFacilityPostings } from '../api/get-facility-postings';
import { useAdminFacilityUsers } from '../api/get-facility-users';
import { useSendAdminFacilityPasswordReset } from '../api/send-facility-password-reset';
import { useSetAdminFacilityStatus } from '../api/set-facility-status';
import { useReviewAdminFacility } from '../api/verify-facility';
import { useAdminLiveUpdates } from '../hooks/use-admin-live-updates';
import { adminMessages } from '../lib/messages';
import { passwordResetSender } from '../lib/password-reset';

import { AccountCard } from './account-card';
import { AdminNotes } from './admin-notes';
import { FacilityInfoSection } from './facility-info-section';
import { FacilityPaymentsSection } from './facility-payments-section';
import { FacilityPostingsSection } from './facility-postings-section';
import { FacilityUsersTable } from './facility-users-table';
import { PostingCreditsCard } from './posting-credits-card';
import { RecordDetail, recordMoves, type RecordMoveKind, type RecordMoveText } from './record-detail';
import { RecordHistory } from './record-history';
import { StatusBadges } from './status-badges';

/**
 * /admin/facilities/{id}. A failed load toasts the server's detail (or 'Failed to load facility
 * details') and goes back to /admin; the users list failing only leaves its table empty.
 */
export function FacilityDetail({ facilityId }: { facilityId: string }) {
  const navigate = useNavigate();
  const facility = useAdminFacility(facilityId);
  const loaded = facility.isSuccess;
  const users = useAdminFacilityUsers(facilityId, loaded);
  const history = useAdminFacilityHistory(facilityId, loaded);
  const postings = useAdminFacilityPostings(facilityId, loaded);
  useAdminLiveUpdates();

  useEffect(() => {
    if (!facility.error || facility.data) return;
    notifyError(errorMessage(facility.error, adminMessages.facilityLoadFailed));
    navigate('/admin', { replace: true });
  }, [facility.error, facility.data, navigate]);

  if (!facility.data) return <PageLoader label="Loading facility details…" />;
  return <FacilityPage facility={facility.data} users={users.data} usersLoading={users.isPending} history={history} postings={postings} />;
}

/** The facility's moves in words: the header buttons, their dialogs and toasts. */
function facilityMoveText(name: string): Record<RecordMoveKind, RecordMoveText> {
  return {
    verify: {
      label: 'Verify',
      dialog: {
        title: 'Verify facility',
        description: `${name} will be verified and can post jobs.`,
        textLabel: 'Notes (optional)',
        textPlaceholder: 'e.g. License and NPI checked',
        textRequired: false,
        confirmLabel: 'Verify facility',
      },
      success: adminMessages.facilityVerified,
      failure: adminMessages.facilityVerifyFailed,
    },
    reject: {
      label: 'Reject',
      dialog: {
        title: 'Reject facility',
        description: `${name} will not be able to post jobs. The reason is kept in the admin notes.`,
        textLabel: 'Reason',
        textPlaceholder: 'Why is this facility rejected?',
        textRequired: true,
        confirmLabel: 'Reject facility',
      },
      success: adminMessages.facilityRejected,
      failure: adminMessages.facilityRejectFailed,
    },
    suspend: {
      label: 'Suspend',
      dialog: {
        title: 'Suspend facility',
        description: `${name} will be marked inactive until an admin activates it again.`,
        textLabel: 'Reason (optional)',
        textRequired: false,
        confirmLabel: 'Suspend facility',
      },
      success: adminMessages.facilitySuspended,
      failure: adminMessages.facilitySuspendFailed,
    },
    activate: {
      label: 'Activate',
      dialog: {
        title: 'Activate facility',
        description: `${name} will be active again.`,
        textLabel: 'Notes (optional)',
        textRequired: false,
        confirmLabel: 'Activate facility',
      },
      success: adminMessages.facilityActivated,
      failure: adminMessages.facilityActivateFailed,
    },
  };
}

function FacilityPage({
  facility,
  users,
  usersLoading,
  history,
  postings,
}: {
  facility: FacilityView;
  users: Parameters<typeof FacilityUsersTable>[0]['users'];
  usersLoading: boolean;
  history: ReturnType<typeof useAdminFacilityHistory>;
  postings: ReturnType<typeof useAdminFacilityPostings>;
}) {
  const admin = useAtomValue(currentUserAtom);
  const review = useReviewAdminFacility();
  const status = useSetAdminFacilityStatus();
  const passwordReset = useSendAdminFacilityPasswordReset();
  const actions = facilityActions(facility, { email_verified: admin?.email_verified === true });
  const { id, name } = facility;

  const moves = recordMoves({ id, open: actions, text: facilityMoveText(name), review, status });
  const sendPasswordReset = passwordResetSender(passwordReset, id);

  return (
    <RecordDetail
      name={name}
      eyebrow="Facility"
      badges={<StatusBadges status={facility.verification_status} active={facility.is_active} size="lg" />}
      createdAt={facility.created_at}
      updatedAt={facility.updated_at}
      moves={moves}
      reviewLocked={actions.reviewLocked}
      main={
        <>
          <FacilityInfoSection facility={facility} />
          <FacilityUsersTable users={users} isLoading={usersLoading} />
          <AdminNotes notes={facility.verification_notes} record={{ kind: 'facility', id: facility.id }} />
          <FacilityPostingsSection postings={postings.data} isLoading={postings.isPending} error={postings.error} />
          <FacilityPaymentsSection facilityId={id} enabled />
        </>
      }
      side={
        <>
          <PostingCreditsCard facilityId={id} credits={Number(facility.posting_credits) || 0} canRemove={actions.removeCredit} />
          <AccountCard
            title="Facility Admin"
            name={personName(facility.admin)}
            email={facility.admin?.email}
            emailVerified={facility.admin?.email_verified === true}
            onSendPasswordReset={sendPasswordReset}
            sendingPasswordReset={passwordReset.isPending}
          />
          <RecordHistory entries={history.data} isLoading={history.isPending} error={history.error} />
        </>
      }
    />
  );
}
