import { Badge } from '@mantine/core';

import type { VerificationStatus } from '@domain/accounts/constants';

const LABELS: Record<VerificationStatus, { label: string; color: string }> = {
  pending: { label: 'Verification pending', color: 'yellow' },
  verified: { label: 'Verified facility', color: 'green' },
  rejected: { label: 'Verification declined', color: 'red' },
};

/** The facility's review by the platform: it may post jobs once verified. */
export function FacilityStatusBadge({ status }: { status: VerificationStatus }) {
  const { label, color } = LABELS[status] ?? LABELS.pending;
  return (
    <Badge color={color} variant="light" size="lg" tt="none" fw={600}>
      {label}
    </Badge>
  );
}
