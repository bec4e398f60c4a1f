import { Alert, Button, Chip, Group, Paper, Stack, Text } from '@mantine/core';
import { APPLICANT_BID_FILTERS, matchesBidFilter, needsApplicantAttention, type ApplicantBidFilter } from '@domain/bids';
import { IconBellRinging, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { useMyBids } from '../api/get-my-bids';
import { useApplicantBidLiveUpdates } from '../api/live-bid-updates';
import { ATTENTION_COLOR, FILTER_LABELS } from '../lib/bid-labels';
import { readApplicationsFilter, writeApplicationsFilter } from '../lib/filter-storage';
import { compareApplicantBids } from '../lib/ordering';
import { ApplicantBidCard } from './applicant-bid-card';
import { CardSkeletons, LoadFailedAlert } from './list-states';

export const APPLICATIONS_MESSAGES = {
  none: "You haven't applied to any jobs yet.",
  noneForFilter: 'No applications found for the selected filter.',
  loadFailed: 'Failed to load your applications',
} as const;

/**
 * 'Your Applications' (applicant dashboard): the applicant's bids, filtered active (default) /
 * connected / closed / all with the choice remembered, in the spec's order (compareBidsForApplicant:
 * facility counters needing a response first; bids on expired postings last), live: a facility's counter shows up at once, with a toast.
 */
export function ApplicationsTab() {
  const bids = useMyBids();
  const changed = useApplicantBidLiveUpdates();
  const [filter, setFilter] = useState<ApplicantBidFilter>(readApplicationsFilter);

  const all = useMemo(() => bids.data ?? [], [bids.data]);
  const counts = useMemo(
    () =>
      Object.fromEntries(
        APPLICANT_BID_FILTERS.map((name) => [
          name,
          all.filter((bid) => matchesBidFilter(name, bid.current_state, bid.posting_expired)).length,
        ]),
      ) as Record<ApplicantBidFilter, number>,
    [all],
  );
  const shown = useMemo(
    () => all.filter((bid) => matchesBidFilter(filter, bid.current_state, bid.posting_expired)).sort(compareApplicantBids),
    [all, filter],
  );
  const attention = all.filter((bid) => needsApplicantAttention(bid.current_state) && !bid.posting_expired).length;

  const choose = (value: string) => {
    const next = value as ApplicantBidFilter;
    setFilter(next);
    writeApplicationsFilter(next);
  };

  if (bids.isPending) return <CardSkeletons count={3} label="Loading your applications" widths={['55%', '35%']} />;

  if (bids.isError) {
    return (
      <LoadFailedAlert
        title={APPLICATIONS_MESSAGES.loadFailed}
        error={bids.error}
        retrying={bids.isFetching}
        onRetry={() => void bids.refetch()}
      />
    );
  }

  if (all.length === 0) {
    return (
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="sm" ta="center">
          <Text fw={600}>{APPLICATIONS_MESSAGES.none}</Text>
          <Text fz="sm" c="dimmed" maw={420}>
            Find a job that fits, bid your hourly rate, and follow the facility's answer here.
          </Text>
          <Button component={Link} to="/browse" leftSection={<IconSearch size={16} aria-hidden />}>
            Browse jobs
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      {attention > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconBellRinging size={20} aria-hidden />}
          title={attention === 1 ? 'A counter offer needs your attention' : `${attention} counter offers need your attention`}
          styles={{ title: { color: ATTENTION_COLOR } }}
        >
          <Text fz="sm">
            {attention === 1 ? 'A facility has' : 'Facilities have'} answered with a different rate. Accept or reject{' '}
            {attention === 1 ? 'it' : 'them'} below; your response is needed.
          </Text>
        </Alert>
      )}

      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Chip.Group value={filter} onChange={choose}>
          <Group gap="xs" role="radiogroup" aria-label="Show applications">
            {APPLICANT_BID_FILTERS.map((name) => (
              <Chip key={name} value={name} type="radio" name="applications-filter" variant="light" size="sm">
                {FILTER_LABELS[name]} ({counts[name]})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {shown.length === 1 ? '1 application' : `${shown.length} applications`}
        </Text>
      </Group>

      {shown.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>{APPLICATIONS_MESSAGES.noneForFilter}</Text>
            {filter !== 'all' && (
              <Button variant="subtle" size="xs" onClick={() => choose('all')}>
                Show all applications
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Your applications">
          {shown.map((bid) => (
            <li key={bid.id}>
              <ApplicantBidCard bid={bid} highlighted={changed.has(bid.id)} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
