import { formatDate, formatDatesWithWeeks, formatPlace, formatRate } from '@domain/shared/format';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isConnected, stateWords, type ApplicantBidView } from '@domain/bids';
import { useId } from 'react';
import { Link } from 'react-router';

import { comparedToPosted } from '../lib/rates';
import { AddToCalendarButton } from './add-to-calendar-button';
import { ApplicantBidActions } from './applicant-bid-actions';
import { BidFacts, type BidFact } from './bid-facts';
import { BidHistorySection } from './bid-history';
import { BidStateBadge } from './bid-state-badge';
import classes from './bids.module.css';

/** The rates of a bid as the applicant reads them: posted, theirs, the counter, the agreed rate. */
export function applicantRateFacts(bid: ApplicantBidView): BidFact[] {
  const facts: BidFact[] = [
    { label: 'Posted rate', value: formatRate(bid.job_hourly_rate) },
    {
      label: 'Your bid',
      value: formatRate(bid.proposed_rate),
      hint: bid.job_hourly_rate !== null ? comparedToPosted(bid.proposed_rate, bid.job_hourly_rate) : undefined,
    },
  ];
  const counterLabel =
    bid.current_state === 'applicant_countered' ? 'Your counter' : bid.counter_rate !== null ? 'Counter offer' : 'Counter';
  facts.push({
    label: counterLabel,
    value: bid.counter_rate !== null ? formatRate(bid.counter_rate) : 'None yet',
    hint: bid.counter_rate !== null ? comparedToPosted(bid.counter_rate, bid.job_hourly_rate) : undefined,
  });
  if (isConnected(bid.current_state) && bid.agreed_rate !== null) {
    facts.push({ label: 'Agreed rate', value: formatRate(bid.agreed_rate) });
  }
  return facts;
}

/** One of the applicant's bids in 'Your Applications'. */
export function ApplicantBidCard({ bid, highlighted }: { bid: ApplicantBidView; highlighted?: boolean }) {
  const titleId = useId();
  const attention = bid.current_state === 'facility_countered' && !bid.posting_expired;
  const place = formatPlace(bid.facility.city, bid.facility.state);
  const className = [classes.card, attention && classes.attention, highlighted && classes.highlight].filter(Boolean).join(' ');
  const status = bid.posting_expired
    ? 'This posting has expired, so this application is closed.'
    : stateWords(bid.current_state, 'applicant').description;

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} className={className}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
            {/* h2: the dashboard's tabs carry no heading, and the page title is the h1. */}
            <Title order={2} fz={{ base: 17, sm: 18 }} id={titleId}>
              <Anchor component={Link} to={`/jobs/${bid.job_posting_id}`} inherit>
                {bid.job_title ?? 'Job posting'}
              </Anchor>
            </Title>
            <Text fz="sm" c="dimmed">
              {[bid.facility.name, place].filter(Boolean).join(' · ') || 'Facility'}
            </Text>
          </Stack>
          <BidStateBadge bid={bid} reader="applicant" />
        </Group>

        <BidFacts
          facts={[{ label: 'Dates', value: formatDatesWithWeeks(bid.job_start_date, bid.job_end_date) }, ...applicantRateFacts(bid)]}
        />

        <Text fz="sm" c={attention ? undefined : 'dimmed'} fw={attention ? 600 : undefined}>
          {status}{' '}
          <Text span c="dimmed" fw={400} inherit>
            Applied {formatDate(bid.created_at)}.
          </Text>
        </Text>

        <BidHistorySection
          bidId={bid.id}
          postedRate={bid.job_hourly_rate}
          actions={
            isConnected(bid.current_state) && !bid.posting_expired ? (
              <AddToCalendarButton bidId={bid.id} />
            ) : (
              <ApplicantBidActions bid={bid} />
            )
          }
        />
      </Stack>
    </Paper>
  );
}
