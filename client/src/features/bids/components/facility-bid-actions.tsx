import { formatRate } from '@domain/shared/format';
import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconArrowsExchange, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import type { FacilityBidView } from '@domain/bids';

import { useAcceptBid } from '../api/accept-bid';
import { useRejectBid } from '../api/reject-bid';
import { useUndoRejection } from '../api/undo-rejection';
import { availableMoves } from '../lib/bid-moves';
import { ConfirmDialog } from './confirm-dialog';
import { CounterDialog } from './counter-dialog';

/**
 * The facility's buttons on a bid, from the shared table (bidMoves(state, 'facility')): accept,
 * counter (hidden when the bid is the posted rate), reject, undo a rejection. Accepting and
 * rejecting email the applicant, so both ask first.
 */
export function FacilityBidActions({ bid }: { bid: FacilityBidView }) {
  const moves = availableMoves(bid, 'facility');
  const accept = useAcceptBid();
  const reject = useRejectBid();
  const undo = useUndoRejection();
  const [dialog, setDialog] = useState<'accept' | 'counter' | 'reject' | null>(null);
  const busy = accept.isPending || reject.isPending || undo.isPending;
  const name = bid.applicant_name ?? 'The applicant';

  if (moves.length === 0) return null;

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {moves.includes('AcceptBid') && (
          <Button
            size="sm"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={accept.isPending}
            disabled={busy && !accept.isPending}
            onClick={() => setDialog('accept')}
          >
            Accept {formatRate(bid.current_rate)}
          </Button>
        )}
        {moves.includes('CounterBid') && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            disabled={busy}
            onClick={() => setDialog('counter')}
          >
            Counter
          </Button>
        )}
        {moves.includes('RejectBid') && (
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={busy}
            onClick={() => setDialog('reject')}
          >
            Reject
          </Button>
        )}
        {moves.includes('UndoRejection') && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={undo.isPending}
            onClick={() => undo.mutate(bid.id)}
          >
            Undo rejection
          </Button>
        )}
      </Group>

      <ConfirmDialog
        opened={dialog === 'accept'}
        title={bid.applicant_name ? `Accept ${bid.applicant_name}'s bid?` : 'Accept this bid?'}
        confirmLabel={`Accept ${formatRate(bid.current_rate)}`}
        confirmColor="tenens"
        busy={accept.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => accept.mutate(bid.id, { onSettled: () => setDialog(null) })}
      >
        You agree to {formatRate(bid.current_rate)}. {name} and you are connected: both of you get an email with the other's contact details
        to arrange the assignment. A connection cannot be taken back.
      </ConfirmDialog>
      {moves.includes('CounterBid') && <CounterDialog bid={bid} opened={dialog === 'counter'} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === 'reject'}
        title={bid.applicant_name ? `Reject ${bid.applicant_name}'s bid?` : 'Reject this bid?'}
        confirmLabel="Reject bid"
        busy={reject.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => reject.mutate(bid.id, { onSettled: () => setDialog(null) })}
      >
        {name} will be told by email that their bid of {formatRate(bid.current_rate)} was not accepted. If you change your mind, you can
        undo the rejection from this list.
      </ConfirmDialog>
    </>
  );
}
