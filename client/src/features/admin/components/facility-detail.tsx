import { personName } from '@domain/shared/format';
import { facilityActions } from '@domain/facilities/actions';
import { Button, Container, Grid, Stack } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { PageLoader } from '@/components/ui/page-loader';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';
import type { AdminFacility } from '@/types/api';

import { useAdminFacility } from '../api/get-facility';
import { useAdminFacilityHistory } from '../api/get-facility-history';
import { useAdminFacilityPostings } from '../api/get-facility-postings';
import { useAdminFacilityUsers } from '../api/get-facility-users';
import { useSendAdminFacilityPasswordReset } from '../api/send-facility-password-reset';
import { useSetAdminFacilityStatus } from '../api/set-facility-status';
import { useReviewAdminFacility } from '../api/verify-facility';
import { useAdminLiveUpdates } from '../hooks/use-admin-live-updates';
import { adminMessages } from '../lib/messages';

import { AccountCard } from './account-card';
import { ActionDialog } from './action-dialog';
import { ReviewerEmailNotice } from './email-verification-notice';
import { AdminNotes } from './admin-notes';
import { FacilityInfoSection } from './facility-info-section';
import { FacilityPostingsSection } from './facility-postings-section';
import { FacilityUsersTable } from './facility-users-table';
import { PostingCreditsCard } from './posting-credits-card';
import { RecordHeader } from './record-header';
import { RecordHistory } from './record-history';
import { StatusBadges } from './status-badges';

type FacilityDialog = 'verify' | 'reject' | 'suspend' | 'activate' | null;

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

function FacilityPage({
  facility,
  users,
  usersLoading,
  history,
  postings,
}: {
  facility: AdminFacility;
  users: Parameters<typeof FacilityUsersTable>[0]['users'];
  usersLoading: boolean;
  history: ReturnType<typeof useAdminFacilityHistory>;
  postings: ReturnType<typeof useAdminFacilityPostings>;
}) {
  const admin = useAtomValue(currentUserAtom);
  const [dialog, setDialog] = useState<FacilityDialog>(null);
  const review = useReviewAdminFacility();
  const status = useSetAdminFacilityStatus();
  const passwordReset = useSendAdminFacilityPasswordReset();
  const actions = facilityActions(facility, { email_verified: admin?.email_verified === true });
  const close = () => setDialog(null);

  const run = (mutation: () => Promise<unknown>, success: string, failure: string) =>
    mutation().then(
      () => {
        notifySuccess(success);
        close();
      },
      (error: unknown) => notifyError(errorMessage(error, failure)),
    );

  const verify = (notes: string) =>
    run(
      () => review.mutateAsync({ id: facility.id, verification_status: 'verified', notes }),
      adminMessages.facilityVerified,
      adminMessages.facilityVerifyFailed,
    );
  const reject = (notes: string) =>
    run(
      () => review.mutateAsync({ id: facility.id, verification_status: 'rejected', notes }),
      adminMessages.facilityRejected,
      adminMessages.facilityRejectFailed,
    );
  const suspend = (notes: string) =>
    run(
      () => status.mutateAsync({ id: facility.id, is_active: false, notes }),
      adminMessages.facilitySuspended,
      adminMessages.facilitySuspendFailed,
    );
  const activate = (notes: string) =>
    run(
      () => status.mutateAsync({ id: facility.id, is_active: true, notes }),
      adminMessages.facilityActivated,
      adminMessages.facilityActivateFailed,
    );
  const sendPasswordReset = () =>
    passwordReset.mutate(facility.id, {
      onSuccess: () => notifySuccess(adminMessages.passwordResetSent),
      onError: (error) => notifyError(errorMessage(error, adminMessages.passwordResetFailed)),
    });

  const lockedHint = actions.reviewLocked ? 'Verify your own email address first' : undefined;

  return (
    <Container py={{ base: 'xl', sm: 40 }} w="100%">
      <title>{`${facility.name} · Admin · Tenens`}</title>
      <RecordHeader
        eyebrow="Facility"
        title={facility.name}
        badges={<StatusBadges status={facility.verification_status} active={facility.is_active} size="lg" />}
        createdAt={facility.created_at}
        updatedAt={facility.updated_at}
        actions={
          <>
            {actions.verify && (
              <Button
                leftSection={<IconCircleCheck size={18} />}
                onClick={() => setDialog('verify')}
                disabled={actions.reviewLocked}
                title={lockedHint}
              >
                Verify
              </Button>
            )}
            {actions.reject && (
              <Button
                color="red"
                variant="light"
                c={actions.reviewLocked ? undefined : '#a61e1e'}
                leftSection={<IconCircleX size={18} />}
                onClick={() => setDialog('reject')}
                disabled={actions.reviewLocked}
                title={lockedHint}
              >
                Reject
              </Button>
            )}
            {actions.suspend && (
              <Button
                color="orange"
                variant="light"
                c="#9a3d00"
                leftSection={<IconPlayerPause size={18} />}
                onClick={() => setDialog('suspend')}
              >
                Suspend
              </Button>
            )}
            {actions.activate && (
              <Button variant="light" leftSection={<IconPlayerPlay size={18} />} onClick={() => setDialog('activate')}>
                Activate
              </Button>
            )}
          </>
        }
      />
      <ReviewerEmailNotice />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <FacilityInfoSection facility={facility} />
            <FacilityUsersTable users={users} isLoading={usersLoading} />
            <AdminNotes notes={facility.verification_notes} />
            <FacilityPostingsSection postings={postings.data} isLoading={postings.isPending} error={postings.error} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <PostingCreditsCard facilityId={facility.id} credits={Number(facility.posting_credits) || 0} canRemove={actions.removeCredit} />
            <AccountCard
              title="Facility Admin"
              name={personName(facility.admin)}
              email={facility.admin?.email}
              emailVerified={facility.admin?.email_verified === true}
              onSendPasswordReset={sendPasswordReset}
              sendingPasswordReset={passwordReset.isPending}
            />
            <RecordHistory entries={history.data} isLoading={history.isPending} error={history.error} />
          </Stack>
        </Grid.Col>
      </Grid>

      <ActionDialog
        opened={dialog === 'verify'}
        onClose={close}
        title="Verify facility"
        description={`${facility.name} will be verified and can post jobs.`}
        textLabel="Notes (optional)"
        textPlaceholder="e.g. License and NPI checked"
        textRequired={false}
        confirmLabel="Verify facility"
        confirmColor="tenens"
        loading={review.isPending}
        onConfirm={verify}
      />
      <ActionDialog
        opened={dialog === 'reject'}
        onClose={close}
        title="Reject facility"
        description={`${facility.name} will not be able to post jobs. The reason is kept in the admin notes.`}
        textLabel="Reason"
        textPlaceholder="Why is this facility rejected?"
        textRequired
        confirmLabel="Reject facility"
        confirmColor="red.9"
        loading={review.isPending}
        onConfirm={reject}
      />
      <ActionDialog
        opened={dialog === 'suspend'}
        onClose={close}
        title="Suspend facility"
        description={`${facility.name} will be marked inactive until an admin activates it again.`}
        textLabel="Reason (optional)"
        textRequired={false}
        confirmLabel="Suspend facility"
        confirmColor="#a94100"
        loading={status.isPending}
        onConfirm={suspend}
      />
      <ActionDialog
        opened={dialog === 'activate'}
        onClose={close}
        title="Activate facility"
        description={`${facility.name} will be active again.`}
        textLabel="Notes (optional)"
        textRequired={false}
        confirmLabel="Activate facility"
        confirmColor="tenens"
        loading={status.isPending}
        onConfirm={activate}
      />
    </Container>
  );
}
