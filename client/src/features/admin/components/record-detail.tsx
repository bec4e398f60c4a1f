import { Button, Container, Grid, Stack, type ButtonProps } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import type { ReviewInput } from '../api/verify-facility';
import type { StatusInput } from '../api/set-facility-status';

import { ActionDialog, type ActionDialogProps } from './action-dialog';
import { ReviewerEmailNotice } from './email-verification-notice';
import { RecordHeader } from './record-header';

/** The lifecycle moves an admin makes on a facility or an applicant record. */
export type RecordMoveKind = 'verify' | 'reject' | 'suspend' | 'activate';

/** What a page says about one move: the header button's text, its dialog and its toasts. */
export interface RecordMoveText {
  /** 'Verify', 'Suspend', 'Deactivate' */
  label: string;
  dialog: Pick<ActionDialogProps, 'title' | 'description' | 'textLabel' | 'textPlaceholder' | 'textRequired' | 'confirmLabel'>;
  success: string;
  /** The toast when the server gives no detail. */
  failure: string;
}

/** One move: its words, and what it runs with the dialog's text. */
export interface RecordMove extends RecordMoveText {
  kind: RecordMoveKind;
  loading: boolean;
  confirm: (notes: string) => Promise<unknown>;
}

interface Mutation<Input> {
  isPending: boolean;
  mutateAsync: (input: Input) => Promise<unknown>;
}

/**
 * The moves open on a record, in header order: verify and reject go through the review call,
 * suspend and activate through the status call (both take the dialog's text as notes).
 */
export function recordMoves({
  id,
  open,
  text,
  review,
  status,
}: {
  id: string;
  open: Record<RecordMoveKind, boolean>;
  text: Record<RecordMoveKind, RecordMoveText>;
  review: Mutation<ReviewInput>;
  status: Mutation<StatusInput>;
}): RecordMove[] {
  const runs: Record<RecordMoveKind, Pick<RecordMove, 'loading' | 'confirm'>> = {
    verify: { loading: review.isPending, confirm: (notes) => review.mutateAsync({ id, verification_status: 'verified', notes }) },
    reject: { loading: review.isPending, confirm: (notes) => review.mutateAsync({ id, verification_status: 'rejected', notes }) },
    suspend: { loading: status.isPending, confirm: (notes) => status.mutateAsync({ id, is_active: false, notes }) },
    activate: { loading: status.isPending, confirm: (notes) => status.mutateAsync({ id, is_active: true, notes }) },
  };
  const order: RecordMoveKind[] = ['verify', 'reject', 'suspend', 'activate'];
  return order.filter((kind) => open[kind]).map((kind) => ({ kind, ...text[kind], ...runs[kind] }));
}

// Text colours darker than Mantine's light-variant defaults keep the labels at 4.5:1 or more.
const MOVE_STYLE: Record<RecordMoveKind, { icon: ReactNode; button: ButtonProps & { c?: string }; confirmColor: string; review: boolean }> =
  {
    verify: { icon: <IconCircleCheck size={18} />, button: {}, confirmColor: 'tenens', review: true },
    reject: {
      icon: <IconCircleX size={18} />,
      button: { color: 'red', variant: 'light', c: '#a61e1e' },
      confirmColor: 'red.9',
      review: true,
    },
    suspend: {
      icon: <IconPlayerPause size={18} />,
      button: { color: 'orange', variant: 'light', c: '#9a3d00' },
      confirmColor: '#a94100',
      review: false,
    },
    activate: { icon: <IconPlayerPlay size={18} />, button: { variant: 'light' }, confirmColor: 'tenens', review: false },
  };

export interface RecordDetailProps {
  /** The browser tab's title, before ' · Admin · Tenens'. */
  name: string;
  eyebrow: string;
  badges: ReactNode;
  createdAt: string;
  updatedAt: string;
  /** The moves open now, in header order. */
  moves: RecordMove[];
  /** Verifying and rejecting wait until the acting admin has verified their own email. */
  reviewLocked: boolean;
  /** The wide column: the record's sections. */
  main: ReactNode;
  /** The narrow column: account, credits, history. */
  side: ReactNode;
}

/**
 * The shell of an admin record page (a facility, an applicant): header with the lifecycle moves,
 * the reviewer's own email notice, two columns, and each move's confirmation dialog.
 */
export function RecordDetail({ name, eyebrow, badges, createdAt, updatedAt, moves, reviewLocked, main, side }: RecordDetailProps) {
  const [open, setOpen] = useState<RecordMoveKind | null>(null);
  const close = () => setOpen(null);
  const lockedHint = reviewLocked ? 'Verify your own email address first' : undefined;

  const run = (move: RecordMove, notes: string) =>
    move.confirm(notes).then(
      () => {
        notifySuccess(move.success);
        close();
      },
      (error: unknown) => notifyError(errorMessage(error, move.failure)),
    );

  return (
    <Container py={{ base: 'xl', sm: 40 }} w="100%">
      <title>{`${name} · Admin · Tenens`}</title>
      <RecordHeader
        eyebrow={eyebrow}
        title={name}
        badges={badges}
        createdAt={createdAt}
        updatedAt={updatedAt}
        actions={moves.map((move) => {
          const style = MOVE_STYLE[move.kind];
          const locked = style.review && reviewLocked;
          return (
            <Button
              key={move.kind}
              {...style.button}
              c={locked ? undefined : style.button.c}
              leftSection={style.icon}
              onClick={() => setOpen(move.kind)}
              disabled={locked}
              title={style.review ? lockedHint : undefined}
            >
              {move.label}
            </Button>
          );
        })}
      />
      <ReviewerEmailNotice />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">{main}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">{side}</Stack>
        </Grid.Col>
      </Grid>

      {moves.map((move) => (
        <ActionDialog
          key={move.kind}
          {...move.dialog}
          opened={open === move.kind}
          onClose={close}
          confirmColor={MOVE_STYLE[move.kind].confirmColor}
          loading={move.loading}
          onConfirm={(notes) => void run(move, notes)}
        />
      ))}
    </Container>
  );
}
