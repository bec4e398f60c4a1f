import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { POSTING_STATUS_LABELS } from '@/lib/posting-status-labels';
import type { PostingStatus } from '@domain/postings';

import { POSTING_STATUS_COLORS } from '../lib/labels';

/** draft / active / withdrawn / expired, in words and colour. */
export function PostingStatusBadge({ status, ...props }: { status: PostingStatus } & BadgeProps) {
  return (
    <Badge color={POSTING_STATUS_COLORS[status].color} c={POSTING_STATUS_COLORS[status].text} variant="light" {...props}>
      {POSTING_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Bids are waiting for the facility's answer. */
export function NeedsResponseBadge(props: BadgeProps) {
  return (
    <Badge color="#c2410c" variant="filled" leftSection={<IconAlertCircle size={12} stroke={2} aria-hidden />} {...props}>
      Needs response
    </Badge>
  );
}
