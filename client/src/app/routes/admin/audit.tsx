import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { AuditLog, type RenderAuditRecord } from '@/features/admin/components/audit-log';
import { BidTimeline } from '@/features/bids/components/bid-history';
import { PostingNegotiations } from '@/features/bids/components/posting-negotiations';

// A bid's event opens its negotiation, a posting's (or its subscription's) the posting's history,
// each with the bids feature's time slider (admins see the record as of any event).
const recordHistory: RenderAuditRecord = (row) => {
  const postingId = row.stream_type === 'posting' ? row.record.id : row.stream_type === 'subscription' ? row.record.posting_id : null;
  if (row.stream_type === 'bid')
    return (
      <RecordSection title="Negotiation">
        <BidTimeline bidId={row.record.id} />
      </RecordSection>
    );
  if (postingId)
    return (
      <RecordSection title="Posting history">
        <PostingNegotiations postingId={postingId} />
      </RecordSection>
    );
  return null;
};

function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** /admin/audit: the platform's whole event log for system admins. */
export function AdminAuditRoute() {
  return <AuditLog renderRecord={recordHistory} />;
}
