import { formatRate } from '@domain/shared/format';
import { Box, Button } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import type { ApplicantBidView } from '@domain/bids';

import { useAcceptCounter } from '../api/accept-counter';
import { useRejectCounter } from '../api/reject-counter';
import { useWithdrawBid } from '../api/withdraw-bid';
import { availableMoves } from '../lib/bid-moves';
import { ConfirmDialog } from './confirm-dialog';

type Dialog = 'accept-counter' | 'reject-counter' | 'withdraw' | null;

/**
 * The applicant's buttons on their bid, from the shared table (bidMoves(state, 'applicant')):
 * accept or reject a facility counter, withdraw while open. The counter-back stays hidden.
 * Accepting or rejecting a counter and withdrawing cannot be taken back, so they ask first.
 */
export function ApplicantBidActions({
  bid,
  size = 'sm',
  stacked = false,
}: {
  bid: ApplicantBidView;
  size?: 'xs' | 'sm' | 'md';
  /** One full-width button per row (a narrow column). */
  stacked?: boolean;
}) {
  const moves = availableMoves(bid, 'applicant');
  const accept = useAcceptCounter();
  const reject = useRejectCounter();
  const withdraw = useWithdrawBid();
  const [dialog, setDialog] = useState<Dialog>(null);
  const busy = accept.isPending || reject.isPending || withdraw.isPending;
  const facility = bid.facility.name ?? 'the facility';

  if (moves.length === 0) return null;

  return (
    <>
      <Box display="flex" style={{ flexDirection: stacked ? 'column' : 'row', flexWrap: 'wrap', gap: 'var(--mantine-spacing-xs)' }}>
        {moves.includes('AcceptCounter') && (
          <Button
            size={size}
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={accept.isPending}
            disabled={busy && !accept.isPending}
            onClick={() => setDialog('accept-counter')}
          >
            Accept counter
          </Button>
        )}
        {moves.includes('RejectCounter') && (
          <Button
            size={size}
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={busy}
            onClick={() => setDialog('reject-counter')}
          >
            Reject counter
          </Button>
        )}
        {moves.includes('WithdrawBid') && (
          <Button size={size} variant="default" c="red.8" disabled={busy} onClick={() => setDialog('withdraw')}>
            Withdraw bid
          </Button>
        )}
      </Box>

      <ConfirmDialog
        opened={dialog === 'accept-counter'}
        title="Accept the counter offer?"
        confirmLabel={`Accept ${formatRate(bid.counter_rate)}`}
        confirmColor="tenens"
        busy={accept.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => accept.mutate(bid.id, { onSettled: () => setDialog(null) })}
      >
        You agree to work for {facility} at {formatRate(bid.counter_rate)}. You and {facility} are connected: both of you get an email with
        the other's contact details to arrange the assignment. A connection cannot be taken back.
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'reject-counter'}
        title="Reject the counter offer?"
        confirmLabel="Reject counter"
        busy={reject.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => reject.mutate(bid.id, { onSettled: () => setDialog(null) })}
      >
        {facility} offered {formatRate(bid.counter_rate)}. If you reject it, this application closes and {facility} is told. You cannot take
        this back.
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'withdraw'}
        title="Withdraw your bid?"
        confirmLabel="Withdraw bid"
        busy={withdraw.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => withdraw.mutate(bid.id, { onSettled: () => setDialog(null) })}
      >
        Your bid of {formatRate(bid.current_rate)} for {bid.job_title ?? 'this job'} will be withdrawn and {facility} can no longer accept
        it. You cannot bid on this posting again.
      </ConfirmDialog>
    </>
  );
}
