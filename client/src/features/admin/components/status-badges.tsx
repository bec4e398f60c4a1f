import type { VerificationStatus } from '@domain/accounts/constants';
import { Badge, Group, type BadgeProps } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';

// 'Pending review', not 'Pending': beside 'Email confirmed' it must be plain that the admins have not verified the record.
const VERIFICATION_LABELS = { pending: 'Pending review', verified: 'Verified', rejected: 'Rejected' } as const;

// Text colours darker than Mantine's light-variant defaults, so the small uppercase labels keep
// at least 4.5:1 on their tinted backgrounds.
const VERIFICATION_STYLE = {
  pending: { color: 'yellow', text: '#7a4800', icon: IconClockHour4 },
  verified: { color: 'green', text: '#1b6b30', icon: IconCircleCheck },
  rejected: { color: 'red', text: '#a61e1e', icon: IconCircleX },
} as const;

/** Pending review (yellow), Verified (green), Rejected (red), with an icon so colour is not the only cue. */
export function VerificationBadge({ status, ...props }: { status: VerificationStatus } & BadgeProps) {
  const style = VERIFICATION_STYLE[status] ?? VERIFICATION_STYLE.pending;
  const Icon = style.icon;
  return (
    <Badge color={style.color} c={style.text} leftSection={<Icon size={12} stroke={2} aria-hidden />} {...props}>
      {VERIFICATION_LABELS[status] ?? status}
    </Badge>
  );
}

export function ActiveBadge({ active, ...props }: { active: boolean } & BadgeProps) {
  return (
    <Badge color={active ? 'tenens' : 'gray'} c={active ? 'tenens.9' : 'gray.7'} variant={active ? 'light' : 'outline'} {...props}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

export function StatusBadges({ status, active, size }: { status: VerificationStatus; active: boolean; size?: BadgeProps['size'] }) {
  return (
    <Group gap={6} wrap="wrap">
      <VerificationBadge status={status} size={size} />
      <ActiveBadge active={active} size={size} />
    </Group>
  );
}
