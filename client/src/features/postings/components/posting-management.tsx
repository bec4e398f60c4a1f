import { postingFeeTerms } from '@domain/billing/billing-text';
import { formatDate, formatUsd, personName, pluralize } from '@domain/shared/format';
import { Alert, Anchor, Badge, Button, Group, List, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCreditCard,
  IconEdit,
  IconEyeOff,
  IconPlayerPlay,
  IconRefresh,
  IconRocket,
  IconTicket,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { UserView } from '@domain/accounts/user-view';
import type { FacilityPostingView, PostingAction } from '@domain/postings';
import { awaitingResponse } from '@domain/bids';

import { usePublishPosting } from '../api/publish-posting';
import { useReactivatePosting } from '../api/reactivate-posting';
import { useReopenPosting } from '../api/reopen-posting';
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
  monthlyFee: 'the monthly posting fee',
  payNext: 'You pay by card in the next step; the posting goes live as soon as the payment is confirmed.',
  reactivateTitle: 'Reactivate this job posting?',
  reopened: 'Job posting reopened. It is back in search and takes applications.',
  reopenFailed: 'Failed to reopen job posting',
  reopenTitle: 'Reopen this job posting?',
  filledTitle: 'Position filled',
} as const;

const ACTION_LABELS: Record<PostingAction, string> = {
  edit: 'Edit',
  publish: 'Publish',
  withdraw: 'Withdraw',
  reactivate: 'Reactivate',
  reopen: 'Reopen',
};

/**
 * 'Publish this posting to get applications': the draft's warning (part 1 §4). A draft waiting
 * for its payment offers to complete it (`onPay`, for members who may publish).
 */
export function DraftNotice({ posting, onPay }: { posting: FacilityPostingView; onPay?: () => void }) {
  if (posting.status !== 'draft') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title={POSTING_ACTION_MESSAGES.draftWarning} c="gray.9">
      {posting.payment_pending ? (
        <Group justify="space-between" gap="sm">
          <Text fz="sm">This draft is waiting for its payment. It goes live as soon as the payment is confirmed.</Text>
          {onPay && (
            <Button size="compact-sm" variant="white" color="dark" leftSection={<IconCreditCard size={16} />} onClick={onPay}>
              Complete payment
            </Button>
          )}
        </Group>
      ) : (
        `${POSTING_ACTION_MESSAGES.draftInvisible} Check the details below, then publish it.`
      )}
    </Alert>
  );
}

/** '1 of 2 openings filled'. */
export function openingsLine(posting: Pick<FacilityPostingView, 'openings' | 'connections'>): string {
  return `${Math.min(posting.connections, posting.openings)} of ${pluralize(posting.openings, 'opening')} filled`;
}

/**
 * A filled posting: out of search, no new bids. Says why, and how to take bids again (the
 * Reopen button among the header actions, for members who may publish).
 */
export function FilledNotice({ posting, mayReopen }: { posting: FacilityPostingView; mayReopen: boolean }) {
  if (posting.status !== 'filled') return null;
  return (
    <Alert color="blue" variant="light" icon={<IconCircleCheck size={20} />} title={POSTING_ACTION_MESSAGES.filledTitle} c="gray.9">
      Every opening has a connection ({openingsLine(posting)}), so this posting left search and takes no new bids; bids still open were
      closed and their applicants told.{' '}
      {mayReopen && 'If a connection falls through, reopen it to take applications again for the rest of its period.'}
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
      closeButtonProps={{ 'aria-label': 'Close' }}
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
 * What a new period costs: one posting credit (worth the monthly rate) while the facility has
 * credits, else the charge: '$199.00 per month, billed monthly until the posting is withdrawn or
 * expires; no refunds'.
 */
function PeriodCost({ credits, monthlyRate }: { credits: number; monthlyRate: number | undefined }) {
  if (credits > 0) {
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
          <IconTicket size={18} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fz="sm" fw={600} c="gray.9">
            {monthlyRate === undefined ? '1 posting credit' : `1 posting credit (${formatUsd(monthlyRate)} per month value)`}
          </Text>
          <Text fz="sm">
            {POSTING_ACTION_MESSAGES.usesCredit} Your facility has {pluralize(credits, 'posting credit')};{' '}
            {pluralize(credits - 1, 'credit')} will remain.
          </Text>
        </Stack>
      </Group>
    );
  }
  const fee = monthlyRate === undefined ? POSTING_ACTION_MESSAGES.monthlyFee : postingFeeTerms(monthlyRate);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="yellow" c="#6b4e00" size={32} radius="md" aria-hidden>
        <IconCreditCard size={18} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fz="sm" fw={600} c="gray.9">
          {fee.charAt(0).toUpperCase() + fee.slice(1)}
        </Text>
        <Text fz="sm">{POSTING_ACTION_MESSAGES.payNext}</Text>
      </Stack>
    </Group>
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
  monthlyRate,
  onPaymentRequired,
}: {
  posting: FacilityPostingView;
  user: UserView;
  /** Whether the member holds the flag an action needs (default: all); others are not offered. */
  mayAct?: (action: PostingAction) => boolean;
  /** The monthly posting rate in dollars (GET /billing/config); undefined while unknown. */
  monthlyRate?: number;
  /** Publish or reactivate answered requires_payment: open the checkout for the posting. */
  onPaymentRequired: (posting: FacilityPostingView) => void;
}) {
  const [dialog, setDialog] = useState<'publish' | 'withdraw' | 'reactivate' | 'reopen' | null>(null);
  const publish = usePublishPosting();
  const withdraw = useWithdrawPosting();
  const reactivate = useReactivatePosting();
  const reopen = useReopenPosting();
  const credits = user.facility?.posting_credits ?? 0;
  const close = () => setDialog(null);

  const confirmPublish = () =>
    publish.mutate(posting.id, {
      onSuccess: (result) => {
        close();
        if (result.requires_payment) {
          onPaymentRequired(result);
        } else {
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

  const confirmReactivate = () =>
    reactivate.mutate(posting.id, {
      onSuccess: (result) => {
        close();
        if (result.requires_payment) onPaymentRequired(result);
        else notifySuccess(POSTING_ACTION_MESSAGES.reactivated);
      },
      onError: (error) => {
        close();
        notifyError(errorMessage(error, POSTING_ACTION_MESSAGES.reactivateFailed));
      },
    });

  const confirmReopen = () =>
    reopen.mutate(posting.id, {
      onSuccess: () => {
        close();
        notifySuccess(POSTING_ACTION_MESSAGES.reopened);
      },
      onError: (error) => {
        close();
        notifyError(errorMessage(error, POSTING_ACTION_MESSAGES.reopenFailed));
      },
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
      <Button key="reactivate" leftSection={<IconPlayerPlay size={18} />} onClick={() => setDialog('reactivate')}>
        {ACTION_LABELS.reactivate}
      </Button>
    ),
    reopen: (
      <Button key="reopen" leftSection={<IconRefresh size={18} />} onClick={() => setDialog('reopen')}>
        {ACTION_LABELS.reopen}
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
        confirmLabel={credits > 0 ? 'Publish with a credit' : 'Continue to payment'}
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
        <PeriodCost credits={credits} monthlyRate={monthlyRate} />
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
              ? `${pluralize(remaining, 'day')} remain in the current posting period (until ${formatDate(posting.auto_expire_date)}). Withdrawing stops the monthly billing and does not refund them; reactivating later starts a new period.`
              : 'The current posting period ends today.'}
          </Text>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'reactivate'}
        onClose={close}
        title={POSTING_ACTION_MESSAGES.reactivateTitle}
        confirmLabel={credits > 0 ? 'Reactivate with a credit' : 'Continue to payment'}
        onConfirm={confirmReactivate}
        loading={reactivate.isPending}
      >
        <Text fz="sm">“{posting.title}” becomes visible to job seekers again and takes applications for a new period.</Text>
        <PeriodCost credits={credits} monthlyRate={monthlyRate} />
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'reopen'}
        onClose={close}
        title={POSTING_ACTION_MESSAGES.reopenTitle}
        confirmLabel="Reopen posting"
        onConfirm={confirmReopen}
        loading={reopen.isPending}
      >
        <Text fz="sm">
          “{posting.title}” goes back into search and takes applications until {formatDate(posting.auto_expire_date)}, in the period already
          paid for. Use this when a connection fell through.
        </Text>
        <Text fz="sm">
          The next connection fills it again. Bids closed when it filled stay closed; to hire more people at once, edit the number of
          openings instead.
        </Text>
      </ConfirmDialog>
    </>
  );
}

/** Status, period and bids of the posting, for its facility's members (`member`) and admins. */
export function PostingStatusCard({ posting, member }: { posting: FacilityPostingView; member: boolean }) {
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
          {posting.status === 'filled' && <List.Item>Out of search · period ends {formatDate(posting.auto_expire_date)}</List.Item>}
          {posting.status === 'withdrawn' && <List.Item>Period ends {formatDate(posting.auto_expire_date)}</List.Item>}
          {posting.status === 'expired' && (
            <List.Item>Expired {formatDate(posting.auto_expire_date)}; publish it again to start a new period</List.Item>
          )}
          <List.Item>{openingsLine(posting)}</List.Item>
          <List.Item>
            {posting.bid_count === 0 ? 'No bids yet' : pluralize(posting.bid_count, 'bid')}
            {posting.awaiting_response_count > 0 && (
              <>
                {' '}
                ·{' '}
                <Badge variant="light" color="orange" c="#9a3412" tt="none" size="sm">
                  {awaitingResponse(posting.awaiting_response_count, member ? 'facility' : 'admin')}
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
