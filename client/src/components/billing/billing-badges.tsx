import { Badge, type BadgeProps } from '@mantine/core';

import type { PaymentStatus, SubscriptionStatus } from '@domain/billing/billing-rules';
import type { PostingStatus } from '@domain/postings';

import { POSTING_STATUS_LABELS } from '@/lib/posting-status-labels';

// Light badges with darkened text, so every label passes contrast (same tones as the posting badges).
const TONES = {
  green: { color: 'green', c: '#1b6b30' },
  yellow: { color: 'yellow', c: '#6b4e00' },
  red: { color: 'red', c: '#a61e1e' },
  orange: { color: 'orange', c: '#9a3d00' },
  gray: { color: 'gray', c: 'gray.8' },
  blue: { color: 'blue', c: '#1c4f8a' },
} as const;

const PAYMENT_STATUS: Record<PaymentStatus, { label: string; tone: keyof typeof TONES }> = {
  paid: { label: 'Paid', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
};

const SUBSCRIPTION_STATUS: Record<SubscriptionStatus, { label: string; tone: keyof typeof TONES }> = {
  active: { label: 'Active', tone: 'green' },
  past_due: { label: 'Past due', tone: 'red' },
  canceled: { label: 'Canceled', tone: 'gray' },
};

const JOB_STATUS_TONES: Record<PostingStatus, keyof typeof TONES> = {
  draft: 'gray',
  active: 'green',
  filled: 'blue',
  withdrawn: 'orange',
  expired: 'red',
};

function ToneBadge({ tone, label, ...props }: { tone: keyof typeof TONES; label: string } & BadgeProps) {
  return (
    <Badge variant="light" color={TONES[tone].color} c={TONES[tone].c} styles={{ label: { overflow: 'visible' } }} {...props}>
      {label}
    </Badge>
  );
}

/** A payment's status: paid green, pending yellow, failed red (part 2 section 4). */
export function PaymentStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const style = PAYMENT_STATUS[status as PaymentStatus];
  return <ToneBadge tone={style?.tone ?? 'gray'} label={style?.label ?? status} {...props} />;
}

/** A posting's subscription: active, past due or canceled. */
export function SubscriptionStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const style = SUBSCRIPTION_STATUS[status as SubscriptionStatus];
  return <ToneBadge tone={style?.tone ?? 'gray'} label={style?.label ?? status} {...props} />;
}

/** The job's status on a payment row (draft, active, withdrawn, expired; anything else raw). */
export function JobStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const tone = JOB_STATUS_TONES[status as PostingStatus] ?? 'gray';
  return <ToneBadge tone={tone} label={POSTING_STATUS_LABELS[status as PostingStatus] ?? status} {...props} />;
}
