import { formatDate, personName, pluralize } from '@domain/shared/format';
import { Alert, Anchor, Badge, Button, Group, List, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconEdit, IconEyeOff, IconPlayerPlay, IconRocket, IconTicket } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { UserView } from '@domain/accounts/user-view';
import type { FacilityPostingView, PostingAction } from '@domain/postings';

import { usePublishPosting } from '../api/publish-posting';
import { useReactivatePosting } from '../api/reactivate-posting';
import { useWithdrawPosting } from '../api/withdraw-posting';

import { NeedsResponseBadge, PostingStatusBadge } from './posting-status-badge';

export const POSTING_ACTION_MESSAGES = {
  draftWarning: 'Publish this posting to get applications',
  draftInvisible: 'Drafts are invisible to job seekers until published.',
  published: 'Job posting published',
  withdrawn: 'Job posting withdrawn',
  reactivated: 'Job posting reactivated',
  publishFailed: 'Failed to publish job posting',
  withdrawFailed: 'Failed to withdraw job posting',
  reactivateFailed: 'Failed to reactivate job posting',
  usesCredit: 'Publishing uses one posting credit.',
  requiresPayment: 'Publishing requires a payment of the monthly posting fee (checkout coming soon).',
  paymentRequiredTitle: 'Payment required',
  paymentRequired:
    'This posting needs a payment before it goes live. It stays a draft, invisible to job seekers, until the payment is made.',
} as const;

const ACTION_LABELS: Record<PostingAction, string> = {
  edit: 'Edit',
  publish: 'Publish',
  withdraw: 'Withdraw',
  reactivate: 'Reactivate',
};

/** 'Publish this posting to get applications': the draft's warning (part 1 §4). */
export function DraftNotice({ posting }: { posting: FacilityPostingView }) {
  if (posting.status !== 'draft') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title={POSTING_ACTION_MESSAGES.draftWarning} c="gray.9">
      {posting.payment_pending
        ? 'This draft is waiting for its payment. It goes live as soon as the payment is confirmed.'
        : `${POSTING_ACTION_MESSAGES.draftInvisible} Check the details below, then publish it.`}
    </Alert>
  );
}

function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor,
  onConfirm,
  loading,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  onConfirm: () => void;
  loading: boolean;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {title}
        </Text>
      }
      centered
      radius="lg"
      padding="lg"
    >
      <Stack gap="lg">
        <Stack gap="sm" fz="sm" c="gray.8">
          {children}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Edit / publish / withdraw / reactivate, exactly as the posting's `actions` allow (the shared
 * postingActions), with their confirmations. Every failure shows the server's reason.
 */
export function PostingHeaderActions({
  posting,
  user,
  mayAct = () => true,
}: {
  posting: FacilityPostingView;
  user: UserView;
  /** Whether the member holds the flag an action needs (default: all); others are not offered. */
  mayAct?: (action: PostingAction) => boolean;
}) {
  const [dialog, setDialog] = useState<'publish' | 'withdraw' | 'payment' | null>(null);
  const publish = usePublishPosting();
  const withdraw = useWithdrawPosting();
  const reactivate = useReactivatePosting();
  const credits = user.facility?.posting_credits ?? 0;
  const close = () => setDialog(null);

  const confirmPublish = () =>
    publish.mutate(posting.id, {
      onSuccess: (result) => {
        if (result.requires_payment) {
          setDialog('payment');
        } else {
          close();
          notifySuccess(`${POSTING_ACTION_MESSAGES.published}. It is now visible to job seekers.`);
        }
      },
      onError: (error) => {
        close();
        notifyError(errorMessage(error, POSTING_ACTION_MESSAGES.publishFailed));
      },
    });

  const confirmWithdraw = () =>
    withdraw.mutate(posting.id, {
      onSuccess: () => {
        close();
        notifySuccess(POSTING_ACTION_MESSAGES.withdrawn);
      },
      onError: (error) => {
        close();
        notifyError(errorMessage(error, POSTING_ACTION_MESSAGES.withdrawFailed));
      },
    });

  const doReactivate = () =>
    reactivate.mutate(posting.id, {
      onSuccess: () => notifySuccess(POSTING_ACTION_MESSAGES.reactivated),
      onError: (error) => notifyError(errorMessage(error, POSTING_ACTION_MESSAGES.reactivateFailed)),
    });

  const buttons: Record<PostingAction, ReactNode> = {
    edit: (
      <Button key="edit" component={Link} to={`/jobs/${posting.id}/edit`} variant="default" leftSection={<IconEdit size={18} />}>
        {ACTION_LABELS.edit}
      </Button>
    ),
    publish: (
      <Button key="publish" leftSection={<IconRocket size={18} />} onClick={() => setDialog('publish')}>
        {ACTION_LABELS.publish}
      </Button>
    ),
    withdraw: (
      <Button
        key="withdraw"
        variant="default"
        color="red"
        c="red.8"
        leftSection={<IconEyeOff size={18} />}
        onClick={() => setDialog('withdraw')}
      >
        {ACTION_LABELS.withdraw}
      </Button>
    ),
    reactivate: (
      <Button key="reactivate" leftSection={<IconPlayerPlay size={18} />} onClick={doReactivate} loading={reactivate.isPending}>
        {ACTION_LABELS.reactivate}
      </Button>
    ),
  };

  const remaining = posting.remaining_days;

  return (
    <>
      <Group gap="sm" role="group" aria-label="Posting actions">
        {posting.actions.filter(mayAct).map((action) => buttons[action])}
      </Group>

      <ConfirmDialog
        opened={dialog === 'publish'}
        onClose={close}
        title="Publish this job posting?"
        confirmLabel={credits > 0 ? 'Publish with a credit' : 'Publish'}
        onConfirm={confirmPublish}
        loading={publish.isPending}
      >
        <Text fz="sm">
          “{posting.title}” becomes visible to job seekers and takes applications{' '}
          {posting.published_at === null && Date.parse(posting.auto_expire_date) > Date.now()
            ? `until ${formatDate(posting.auto_expire_date)}`
            : 'for one month'}
          .
        </Text>
        {credits > 0 ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
              <IconTicket size={18} />
            </ThemeIcon>
            <Text fz="sm">
              {POSTING_ACTION_MESSAGES.usesCredit} Your facility has {pluralize(credits, 'posting credit')};{' '}
              {pluralize(credits - 1, 'credit')} will remain.
            </Text>
          </Group>
        ) : (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="yellow" c="#6b4e00" size={32} radius="md" aria-hidden>
              <IconCreditCard size={18} />
            </ThemeIcon>
            <Text fz="sm">{POSTING_ACTION_MESSAGES.requiresPayment} Your facility has no posting credits.</Text>
          </Group>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'withdraw'}
        onClose={close}
        title="Withdraw this job posting?"
        confirmLabel="Withdraw posting"
        confirmColor="red.8"
        onConfirm={confirmWithdraw}
        loading={withdraw.isPending}
      >
        <Text fz="sm">It stops appearing in search and takes no new applications. Bids already placed stay as they are.</Text>
        {remaining !== null && (
          <Text fz="sm" fw={600} c="gray.9">
            {remaining > 0
              ? `${pluralize(remaining, 'day')} remain in the current posting period (until ${formatDate(posting.auto_expire_date)}). You can reactivate the posting until then; withdrawing does not refund them.`
              : 'The current posting period ends today.'}
          </Text>
        )}
      </ConfirmDialog>

      <Modal
        opened={dialog === 'payment'}
        onClose={close}
        title={
          <Text fw={700} fz="lg">
            {POSTING_ACTION_MESSAGES.paymentRequiredTitle}
          </Text>
        }
        centered
        radius="lg"
        padding="lg"
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="yellow" c="#6b4e00" size={36} radius="md" aria-hidden>
              <IconCreditCard size={20} />
            </ThemeIcon>
            <Stack gap="xs">
              <Text fz="sm" c="gray.9">
                {POSTING_ACTION_MESSAGES.paymentRequired}
              </Text>
              <Text fz="sm" c="gray.7">
                Online checkout is coming soon. Until then, a Tenens administrator can add posting credits to your facility.
              </Text>
            </Stack>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Status, period and bids of the posting, for its facility. */
export function PostingStatusCard({ posting }: { posting: FacilityPostingView }) {
  return (
    <Paper withBorder p="lg" shadow="xs" component="section" aria-labelledby="posting-status-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id="posting-status-title">
            Posting status
          </Title>
          <Group gap={6}>
            {posting.needs_response && <NeedsResponseBadge />}
            <PostingStatusBadge status={posting.status} />
          </Group>
        </Group>
        <List spacing={6} fz="sm" c="gray.8" listStyleType="none" p={0}>
          {posting.status === 'active' && posting.remaining_days !== null && (
            <List.Item>
              <Text span fw={600} c="gray.9" fz="sm">
                {pluralize(posting.remaining_days, 'day')} left
              </Text>{' '}
              · expires {formatDate(posting.auto_expire_date)}
            </List.Item>
          )}
          {posting.status === 'draft' && <List.Item>Expires {formatDate(posting.auto_expire_date)} unless published sooner</List.Item>}
          {posting.status === 'withdrawn' && <List.Item>Period ends {formatDate(posting.auto_expire_date)}</List.Item>}
          {posting.status === 'expired' && (
            <List.Item>Expired {formatDate(posting.auto_expire_date)}; publish it again to start a new period</List.Item>
          )}
          <List.Item>
            {posting.bid_count === 0 ? 'No bids yet' : pluralize(posting.bid_count, 'bid')}
            {posting.awaiting_response_count > 0 && (
              <>
                {' '}
                ·{' '}
                <Badge variant="light" color="orange" c="#9a3412" tt="none" size="sm">
                  {posting.awaiting_response_count} awaiting your response
                </Badge>
              </>
            )}
          </List.Item>
          {posting.published_at && <List.Item>Published {formatDate(posting.published_at)}</List.Item>}
          <List.Item>Created {formatDate(posting.created_at)}</List.Item>
        </List>
      </Stack>
    </Paper>
  );
}

/** 'Posted by' (facility members and admins). */
export function PostedBy({ posting }: { posting: FacilityPostingView }) {
  const name = personName({ first_name: posting.creator_first_name, last_name: posting.creator_last_name });
  if (!name && !posting.creator_email) return null;
  return (
    <Paper withBorder p="lg" shadow="xs" component="section" aria-labelledby="posted-by-title">
      <Stack gap={4}>
        <Title order={2} fz="md" id="posted-by-title">
          Posted by
        </Title>
        {name && (
          <Text fz="sm" fw={600} c="gray.9">
            {name}
          </Text>
        )}
        {posting.creator_email && (
          <Anchor href={`mailto:${posting.creator_email}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {posting.creator_email}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
