import { accountMessages } from '@domain/accounts/messages';
import { Badge } from '@mantine/core';

import type { VerificationStatus } from '@domain/accounts/constants';

const LABELS: Record<VerificationStatus, { label: string; color: string }> = {
  pending: { label: accountMessages.verificationPending, color: 'yellow' },
  verified: { label: 'Verified', color: 'green' },
  rejected: { label: 'Verification declined', color: 'red' },
};

/** The applicant's identity check: 'pending identity confirmation', verified or declined. */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  const { label, color } = LABELS[status] ?? LABELS.pending;
  return (
    <Badge color={color} variant="light" size="lg" tt="none" fw={600}>
      {label}
    </Badge>
  );
}
