import { personName } from '@domain/shared/format';
import { applicantActions } from '@domain/applicants/actions';
import { Alert, Button, Container, Grid, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { PageLoader } from '@/components/ui/page-loader';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';
import type { AdminApplicant } from '@/types/api';

import { useAdminApplicant } from '../api/get-applicant';
import { useAdminApplicantBids } from '../api/get-applicant-bids';
import { useAdminApplicantHistory } from '../api/get-applicant-history';
import { useSendAdminApplicantPasswordReset } from '../api/send-applicant-password-reset';
import { useSetAdminApplicantStatus } from '../api/set-applicant-status';
import { useReviewAdminApplicant } from '../api/verify-applicant';
import { useAdminLiveUpdates } from '../hooks/use-admin-live-updates';
import { adminMessages } from '../lib/messages';

import { AccountCard } from './account-card';
import { ActionDialog } from './action-dialog';
import { ReviewerEmailNotice } from './email-verification-notice';
import { AdminNotes } from './admin-notes';
import { ApplicantBidsSection, type RenderBidHistory } from './applicant-bids-section';
import { ApplicantInfoSection } from './applicant-info-section';
import { RecordHeader } from './record-header';
import { RecordHistory } from './record-history';
import { StatusBadges } from './status-badges';

type ApplicantDialog = 'verify' | 'reject' | 'activate' | 'deactivate' | null;

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

function ApplicantPage({
  applicant,
  history,
  bids,
  renderBidHistory,
}: {
  applicant: AdminApplicant;
  history: ReturnType<typeof useAdminApplicantHistory>;
  bids: ReturnType<typeof useAdminApplicantBids>;
  renderBidHistory: RenderBidHistory;
}) {
  const admin = useAtomValue(currentUserAtom);
  const [dialog, setDialog] = useState<ApplicantDialog>(null);
  const review = useReviewAdminApplicant();
  const status = useSetAdminApplicantStatus();
  const passwordReset = useSendAdminApplicantPasswordReset();
  const actions = applicantActions(applicant, { email_verified: admin?.email_verified === true });
  const name = personName(applicant) || personName(applicant.user) || 'Unnamed applicant';
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
      () => review.mutateAsync({ id: applicant.id, verification_status: 'verified', notes }),
      adminMessages.applicantVerified,
      adminMessages.applicantVerifyFailed,
    );
  const reject = (notes: string) =>
    run(
      () => review.mutateAsync({ id: applicant.id, verification_status: 'rejected', notes }),
      adminMessages.applicantRejected,
      adminMessages.applicantRejectFailed,
    );
  const activate = (notes: string) =>
    run(
      () => status.mutateAsync({ id: applicant.id, is_active: true, notes }),
      adminMessages.applicantActivated,
      adminMessages.applicantActivateFailed,
    );
  const deactivate = (notes: string) =>
    run(
      () => status.mutateAsync({ id: applicant.id, is_active: false, notes }),
      adminMessages.applicantDeactivated,
      adminMessages.applicantDeactivateFailed,
    );
  const sendPasswordReset = () =>
    passwordReset.mutate(applicant.id, {
      onSuccess: () => notifySuccess(adminMessages.passwordResetSent),
      onError: (error) => notifyError(errorMessage(error, adminMessages.passwordResetFailed)),
    });

  return (
    <Container py={{ base: 'xl', sm: 40 }} w="100%">
      <title>{`${name} · Admin · Tenens`}</title>
      <RecordHeader
        eyebrow={`Applicant · ${applicant.role_type}`}
        title={name}
        badges={<StatusBadges status={applicant.verification_status} active={applicant.is_active} size="lg" />}
        createdAt={applicant.created_at}
        updatedAt={applicant.updated_at}
        actions={
          <>
            {actions.verify && (
              <Button leftSection={<IconCircleCheck size={18} />} onClick={() => setDialog('verify')} disabled={actions.reviewLocked}>
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
              >
                Reject
              </Button>
            )}
            {actions.deactivate && (
              <Button
                color="orange"
                variant="light"
                c="#9a3d00"
                leftSection={<IconPlayerPause size={18} />}
                onClick={() => setDialog('deactivate')}
              >
                Deactivate
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
            <ApplicantInfoSection applicant={applicant} />
            <AdminNotes notes={applicant.verification_notes} />
            <ApplicantBidsSection bids={bids.data} isLoading={bids.isPending} error={bids.error} renderBidHistory={renderBidHistory} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <AccountCard
              title="Account"
              name={personName(applicant.user) || name}
              email={applicant.user?.email}
              emailVerified={applicant.user?.email_verified === true}
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
        title="Verify applicant"
        description={`${name} will be verified and can bid on jobs.`}
        textLabel="Notes (optional)"
        textPlaceholder="e.g. License and NPI checked"
        textRequired={false}
        confirmLabel="Verify applicant"
        confirmColor="tenens"
        loading={review.isPending}
        onConfirm={verify}
      />
      <ActionDialog
        opened={dialog === 'reject'}
        onClose={close}
        title="Reject applicant"
        description={`${name} will not be verified. The reason is kept in the admin notes.`}
        textLabel="Reason"
        textPlaceholder="Why is this applicant rejected?"
        textRequired
        confirmLabel="Reject applicant"
        confirmColor="red.9"
        loading={review.isPending}
        onConfirm={reject}
      />
      <ActionDialog
        opened={dialog === 'deactivate'}
        onClose={close}
        title="Deactivate applicant"
        description={`${name} will be marked inactive until an admin activates them again.`}
        textLabel="Reason"
        textPlaceholder="Why is this applicant deactivated?"
        textRequired
        confirmLabel="Deactivate applicant"
        confirmColor="#a94100"
        loading={status.isPending}
        onConfirm={deactivate}
      />
      <ActionDialog
        opened={dialog === 'activate'}
        onClose={close}
        title="Activate applicant"
        description={`${name} will be active again.`}
        textLabel="Reason"
        textPlaceholder="Why is this applicant activated?"
        textRequired
        confirmLabel="Activate applicant"
        confirmColor="tenens"
        loading={status.isPending}
        onConfirm={activate}
      />
    </Container>
  );
}
