import { personName } from '@domain/shared/format';
import { applicantActions } from '@domain/applicants/actions';
import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';

import { PageLoader } from '@/components/ui/page-loader';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';
import type { ApplicantView } from '@domain/applicants/applicant-view';

import { useAdminApplicant } from '../api/get-applicant';
import { useAdminApplicantBids } from '../api/get-applicant-bids';
import { useAdminApplicantHistory } from '../api/get-applicant-history';
import { useSendAdminApplicantPasswordReset } from '../api/send-applicant-password-reset';
import { useSetAdminApplicantStatus } from '../api/set-applicant-status';
import { useReviewAdminApplicant } from '../api/verify-applicant';
import { useAdminLiveUpdates } from '../hooks/use-admin-live-updates';
import { adminMessages } from '../lib/messages';
import { passwordResetSender } from '../lib/password-reset';

import { AccountCard } from './account-card';
import { AdminNotes } from './admin-notes';
import { ApplicantBidsSection, type RenderBidHistory } from './applicant-bids-section';
import { ApplicantInfoSection } from './applicant-info-section';
import { RecordDetail, recordMoves, type RecordMoveKind, type RecordMoveText } from './record-detail';
import { RecordHistory } from './record-history';
import { StatusBadges } from './status-badges';

/** A missing (404) or malformed (400) id: there is no such applicant. */
function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * /admin/applicants/{applicantId}. A failed load toasts the server's detail (or 'Failed to load
 * applicant details'); a missing applicant also goes back to /admin, other failures offer a retry.
 */
export function ApplicantDetail({ applicantId, renderBidHistory }: { applicantId: string; renderBidHistory: RenderBidHistory }) {
  const navigate = useNavigate();
  const applicant = useAdminApplicant(applicantId);
  const history = useAdminApplicantHistory(applicantId, applicant.isSuccess);
  const bids = useAdminApplicantBids(applicantId, applicant.isSuccess);
  useAdminLiveUpdates();

  const { error, data } = applicant;
  useEffect(() => {
    if (!error || data) return;
    notifyError(errorMessage(error, adminMessages.applicantLoadFailed));
    if (isMissing(error)) navigate('/admin', { replace: true });
  }, [error, data, navigate]);

  if (data) return <ApplicantPage applicant={data} history={history} bids={bids} renderBidHistory={renderBidHistory} />;
  if (error && !isMissing(error)) {
    return (
      <Container py={{ base: 'xl', sm: 48 }} size="sm" w="100%">
        <title>Applicant · Admin · Tenens</title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={adminMessages.applicantLoadFailed}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{errorMessage(error, adminMessages.applicantLoadFailed)}</Text>
            <Group>
              <Button size="xs" variant="white" color="red" onClick={() => void applicant.refetch()}>
                Try again
              </Button>
              <Button size="xs" variant="subtle" color="gray" component={Link} to="/admin">
                Back to the admin dashboard
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return <PageLoader label="Loading applicant details…" />;
}

/** The applicant's moves in words: the header buttons, their dialogs and toasts. */
function applicantMoveText(name: string): Record<RecordMoveKind, RecordMoveText> {
  return {
    verify: {
      label: 'Verify',
      dialog: {
        title: 'Verify applicant',
        description: `${name} will be verified and can bid on jobs.`,
        textLabel: 'Notes (optional)',
        textPlaceholder: 'e.g. License and NPI checked',
        textRequired: false,
        confirmLabel: 'Verify applicant',
      },
      success: adminMessages.applicantVerified,
      failure: adminMessages.applicantVerifyFailed,
    },
    reject: {
      label: 'Reject',
      dialog: {
        title: 'Reject applicant',
        description: `${name} will not be verified. The reason is kept in the admin notes.`,
        textLabel: 'Reason',
        textPlaceholder: 'Why is this applicant rejected?',
        textRequired: true,
        confirmLabel: 'Reject applicant',
      },
      success: adminMessages.applicantRejected,
      failure: adminMessages.applicantRejectFailed,
    },
    suspend: {
      label: 'Deactivate',
      dialog: {
        title: 'Deactivate applicant',
        description: `${name} will be marked inactive until an admin activates them again.`,
        textLabel: 'Reason',
        textPlaceholder: 'Why is this applicant deactivated?',
        textRequired: true,
        confirmLabel: 'Deactivate applicant',
      },
      success: adminMessages.applicantDeactivated,
      failure: adminMessages.applicantDeactivateFailed,
    },
    activate: {
      label: 'Activate',
      dialog: {
        title: 'Activate applicant',
        description: `${name} will be active again.`,
        textLabel: 'Reason',
        textPlaceholder: 'Why is this applicant activated?',
        textRequired: true,
        confirmLabel: 'Activate applicant',
      },
      success: adminMessages.applicantActivated,
      failure: adminMessages.applicantActivateFailed,
    },
  };
}

function ApplicantPage({
  applicant,
  history,
  bids,
  renderBidHistory,
}: {
  applicant: ApplicantView;
  history: ReturnType<typeof useAdminApplicantHistory>;
  bids: ReturnType<typeof useAdminApplicantBids>;
  renderBidHistory: RenderBidHistory;
}) {
  const admin = useAtomValue(currentUserAtom);
  const review = useReviewAdminApplicant();
  const status = useSetAdminApplicantStatus();
  const passwordReset = useSendAdminApplicantPasswordReset();
  const actions = applicantActions(applicant, { email_verified: admin?.email_verified === true });
  const name = personName(applicant) || personName(applicant.user) || 'Unnamed applicant';
  const { id } = applicant;

  const moves = recordMoves({ id, open: { ...actions, suspend: actions.deactivate }, text: applicantMoveText(name), review, status });
  const sendPasswordReset = passwordResetSender(passwordReset, id);

  return (
    <RecordDetail
      name={name}
      eyebrow={`Applicant · ${applicant.role_type}`}
      badges={<StatusBadges status={applicant.verification_status} active={applicant.is_active} size="lg" />}
      createdAt={applicant.created_at}
      updatedAt={applicant.updated_at}
      moves={moves}
      reviewLocked={actions.reviewLocked}
      main={
        <>
          <ApplicantInfoSection applicant={applicant} />
          <AdminNotes notes={applicant.verification_notes} record={{ kind: 'applicant', id: applicant.id }} />
          <ApplicantBidsSection bids={bids.data} isLoading={bids.isPending} error={bids.error} renderBidHistory={renderBidHistory} />
        </>
      }
      side={
        <>
          <AccountCard
            title="Account"
            name={personName(applicant.user) || name}
            email={applicant.user?.email}
            emailVerified={applicant.user?.email_verified === true}
            onSendPasswordReset={sendPasswordReset}
            sendingPasswordReset={passwordReset.isPending}
          />
          <RecordHistory entries={history.data} isLoading={history.isPending} error={history.error} />
        </>
      }
    />
  );
}
