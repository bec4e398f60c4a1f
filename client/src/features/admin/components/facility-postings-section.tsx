import { formatDate, formatDateRange, formatRate } from '@domain/shared/format';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

import { POSTING_STATUS_LABELS } from '@/lib/posting-status-labels';

import type { AdminFacilityPosting } from '../api/get-facility-postings';
import { useIsPhone } from '@/hooks/use-is-phone';
import { bidCountLabel, POSTING_STATUS_STYLE } from '../lib/negotiations';

import { ScrollTable } from '@/components/ui/scroll-table';
import { CardList, RecordCard } from '@/components/ui/record-card';
import { SectionCard, SectionContent } from './section-card';

/**
 * The facility's postings, newest first, each linking to /jobs/{id}, where admins see its
 * applicants read-only and 'Activity on this posting' (the merged negotiation history).
 */
export function FacilityPostingsSection({
  postings,
  isLoading,
  error,
}: {
  postings: AdminFacilityPosting[] | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  const phone = useIsPhone();
  return (
    <SectionCard title="Job postings">
      <SectionContent
        error={error}
        isLoading={isLoading}
        isEmpty={!postings?.length}
        failed="The job postings could not be loaded."
        loadingLabel="Loading job postings…"
        empty="This facility has no job postings yet."
      >
        {() =>
          phone ? (
            <CardList label="Job postings">
              {(postings ?? []).map((posting) => (
                <PostingCard key={posting.id} posting={posting} />
              ))}
            </CardList>
          ) : (
            <ScrollTable label="Job postings" minWidth={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>Bids</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(postings ?? []).map((posting) => (
                  <PostingRow key={posting.id} posting={posting} />
                ))}
              </Table.Tbody>
            </ScrollTable>
          )
        }
      </SectionContent>
    </SectionCard>
  );
}

function StatusBadge({ posting }: { posting: AdminFacilityPosting }) {
  const style = POSTING_STATUS_STYLE[posting.status] ?? POSTING_STATUS_STYLE.draft;
  return (
    <Badge color={style.color} c={style.text} variant="light" styles={{ label: { overflow: 'visible' } }}>
      {POSTING_STATUS_LABELS[posting.status] ?? posting.status}
    </Badge>
  );
}

function PostingCard({ posting }: { posting: AdminFacilityPosting }) {
  const awaiting = posting.awaiting_response_count > 0 ? ` (${posting.awaiting_response_count} awaiting the facility)` : '';
  return (
    <RecordCard
      to={`/jobs/${posting.id}`}
      name={posting.title}
      subtitle={
        <Text fz="xs" c="dimmed">
          {formatDateRange(posting.start_date, posting.end_date)}
        </Text>
      }
      badges={<StatusBadge posting={posting} />}
      facts={[
        { label: 'Rate', value: formatRate(posting.hourly_rate) },
        { label: 'Bids', value: `${bidCountLabel(posting.bid_count)}${awaiting}` },
        { label: 'Created', value: formatDate(posting.created_at) },
      ]}
    />
  );
}

function PostingRow({ posting }: { posting: AdminFacilityPosting }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/jobs/${posting.id}`} fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {posting.title}
        </Anchor>
        <Text fz="xs" c="dimmed">
          {formatDateRange(posting.start_date, posting.end_date)}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge posting={posting} />
      </Table.Td>
      <Table.Td>
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatRate(posting.hourly_rate)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {bidCountLabel(posting.bid_count)}
        </Text>
        {posting.awaiting_response_count > 0 && (
          <Text fz="xs" c="#9a3d00" style={{ whiteSpace: 'nowrap' }}>
            {posting.awaiting_response_count} awaiting the facility
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(posting.created_at)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
