import { formatDate, formatDateRange, formatPlace, formatRate } from '@domain/shared/format';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { bidStateColor } from '@/lib/bid-state-color';
import { POSTING_STATUS_LABELS } from '@/lib/posting-status-labels';
import { stateLabel, type FacilityBidView } from '@domain/bids';

import { POSTING_STATUS_STYLE } from '../lib/negotiations';

import { Field, SectionCard, SectionContent } from './section-card';

/**
 * The applicant's bids, newest first: the job (linking to /jobs/{id}) and its facility, the
 * bid's state and rates, and its negotiation timeline. The timeline belongs to the bids feature,
 * so the page composing both passes it in.
 */
export type RenderBidHistory = (bid: FacilityBidView, actions: ReactNode) => ReactNode;

export function ApplicantBidsSection({
  bids,
  isLoading,
  error,
  renderBidHistory,
}: {
  bids: FacilityBidView[] | undefined;
  isLoading: boolean;
  error: unknown;
  renderBidHistory: RenderBidHistory;
}) {
  return (
    <SectionCard title="Applications">
      <SectionContent
        error={error}
        isLoading={isLoading}
        isEmpty={!bids?.length}
        failed="The applications could not be loaded."
        loadingLabel="Loading applications…"
        rowHeight={72}
        empty="This applicant has not applied for any jobs yet."
      >
        {() => (
          <Stack component="ul" gap="sm" aria-label="Applications" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(bids ?? []).map((bid) => (
              <ApplicationItem key={bid.id} bid={bid} renderBidHistory={renderBidHistory} />
            ))}
          </Stack>
        )}
      </SectionContent>
    </SectionCard>
  );
}

function ApplicationItem({ bid, renderBidHistory }: { bid: FacilityBidView; renderBidHistory: RenderBidHistory }) {
  const title = bid.job_title ?? 'Job posting';
  const place = formatPlace(bid.facility.city, bid.facility.state);
  const jobStatus = bid.job_status && bid.job_status !== 'active' ? bid.job_status : null;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Anchor component={Link} to={`/jobs/${bid.job_posting_id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Anchor>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {bid.facility.name ? (
                <Anchor component={Link} to={`/admin/facilities/${bid.facility.id}`} inherit c="dimmed" underline="always">
                  {bid.facility.name}
                </Anchor>
              ) : (
                'Facility'
              )}
              {place && ` · ${place}`}
              {bid.job_start_date && ` · ${formatDateRange(bid.job_start_date, bid.job_end_date)}`}
            </Text>
          </Stack>
          <Group gap={6} wrap="wrap">
            <Badge color={bidStateColor(bid.current_state)} variant="dot" size="lg">
              {stateLabel(bid.current_state, 'admin')}
            </Badge>
            {jobStatus && (
              <Badge color={POSTING_STATUS_STYLE[jobStatus].color} c={POSTING_STATUS_STYLE[jobStatus].text} variant="light">
                {`Posting ${POSTING_STATUS_LABELS[jobStatus].toLowerCase()}`}
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs" m={0}>
          <Field label="Posted rate">{formatRate(bid.job_hourly_rate)}</Field>
          <Field label="Bid">{formatRate(bid.proposed_rate)}</Field>
          <Field label="Counter">{formatRate(bid.counter_rate)}</Field>
          <Field label="Agreed">{formatRate(bid.agreed_rate)}</Field>
        </SimpleGrid>
        {renderBidHistory(
          bid,
          <Text fz="xs" c="dimmed">
            Applied {formatDate(bid.created_at)}
          </Text>,
        )}
      </Stack>
    </Paper>
  );
}
