import { AS_OF_BID_STATE_LABELS, type BidAsOf, type PostingAsOf } from '@domain/admin/audit';
import { formatDateTime, formatRate, NO_VALUE } from '@domain/shared/format';
import type { HistoryEntry, PostingHistoryEntry } from '@domain/shared/history';
import { Alert, Group, Loader, Paper, Slider, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import { errorMessage } from '@/lib/api-client';

import { useBidAsOf, usePostingAsOf } from '../api/get-as-of';
import { historySentence, ratePoints, sentenceText } from '../lib/history';
import { HistoryList } from './history-list';
import { RateChart } from './rate-chart';

type Entry = HistoryEntry | PostingHistoryEntry;

/**
 * A slider over a history's events (admins): the chosen event and those before it stay bright,
 * later ones fade, and `children` shows the record as it stood right after the chosen event.
 */
function TimeSlider({ entries, index, onChange }: { entries: readonly Entry[]; index: number; onChange: (index: number) => void }) {
  const entry = entries[index];
  const words = sentenceText(historySentence(entry));
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={600} id={`as-of-${entry.id}`}>
        Time travel: {index + 1} of {entries.length} events
      </Text>
      <Slider
        min={0}
        max={Math.max(entries.length - 1, 1)}
        step={1}
        value={index}
        disabled={entries.length < 2}
        onChange={onChange}
        marks={entries.map((_, i) => ({ value: i }))}
        // The line below names the moment; a tooltip over the title would only hide it.
        label={null}
        thumbLabel="Show the state as of this event"
        thumbProps={{ 'aria-valuetext': `${words} ${formatDateTime(entry.at)}` }}
        mb="xs"
      />
      <Text fz="xs" c="dimmed" aria-live="polite">
        As of {formatDateTime(entry.at)}, after: {words}
      </Text>
    </Stack>
  );
}

function Figures({ query, children }: { query: { isPending: boolean; isError: boolean; error: unknown }; children: ReactNode }) {
  if (query.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          Folding the history…
        </Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" py="xs">
        {errorMessage(query.error, 'Could not load the state at that moment.')}
      </Alert>
    );
  }
  return children;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

function Acted({ acted }: { acted: BidAsOf['acted'] }) {
  if (acted.length === 0) return null;
  return (
    <Text fz="xs" c="dimmed">
      Had acted:{' '}
      {acted.map((person) => `${person.name ?? (person.role === 'system' ? 'the system' : 'someone')} (${person.role})`).join(', ')}
    </Text>
  );
}

function BidFigures({ state }: { state: BidAsOf }) {
  if (!state.bid) return <Text fz="sm">Not submitted yet.</Text>;
  const { bid } = state;
  return (
    <Stack gap="xs">
      <Text fw={700} fz="sm" c="tenens.8">
        {AS_OF_BID_STATE_LABELS[bid.current_state]}
      </Text>
      <Group gap="xl" wrap="wrap">
        <Fact label="Bid" value={formatRate(bid.proposed_rate)} />
        <Fact label="Counter" value={bid.counter_rate === null ? NO_VALUE : formatRate(bid.counter_rate)} />
        <Fact label="Agreed" value={bid.agreed_rate === null ? NO_VALUE : formatRate(bid.agreed_rate)} />
      </Group>
      <Acted acted={state.acted} />
    </Stack>
  );
}

/** An admin's view of a bid's negotiation: the slider, the chart and events up to the chosen moment, and the bid then. */
export function BidTimeAsOf({ bidId, entries, postedRate }: { bidId: string; entries: HistoryEntry[]; postedRate?: number | null }) {
  const [index, setIndex] = useState(entries.length - 1);
  const shown = Math.min(index, entries.length - 1);
  const state = useBidAsOf(bidId, entries[shown]?.at ?? null);
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" aria-label="The bid as of the chosen event" role="group">
        <Stack gap="sm">
          <TimeSlider entries={entries} index={shown} onChange={setIndex} />
          <Figures query={state}>{state.data && <BidFigures state={state.data} />}</Figures>
        </Stack>
      </Paper>
      <RateChart points={ratePoints(entries.slice(0, shown + 1))} postedRate={postedRate} />
      <HistoryList entries={entries} label="Negotiation history" upTo={shown} />
    </Stack>
  );
}

function PostingFigures({ state, bids }: { state: PostingAsOf; bids: number }) {
  if (!state.posting) return <Text fz="sm">Not created yet.</Text>;
  const { posting } = state;
  return (
    <Stack gap="xs">
      <Group gap="xl" wrap="wrap">
        <Fact label="Status" value={<span style={{ textTransform: 'capitalize' }}>{posting.status}</span>} />
        <Fact label="Rate" value={formatRate(posting.hourly_rate)} />
        <Fact label="Title" value={posting.title} />
        <Fact label="Bids by then" value={bids} />
      </Group>
      <Acted acted={state.acted} />
    </Stack>
  );
}

/** An admin's view of a posting's history: the slider and the posting as it stood after the chosen event. */
export function PostingTimeAsOf({ postingId, entries }: { postingId: string; entries: PostingHistoryEntry[] }) {
  const [index, setIndex] = useState(entries.length - 1);
  const shown = Math.min(index, entries.length - 1);
  const state = usePostingAsOf(postingId, entries[shown]?.at ?? null);
  const bids = new Set(entries.slice(0, shown + 1).flatMap((entry) => (entry.bid_id ? [entry.bid_id] : []))).size;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" aria-label="The posting as of the chosen event" role="group">
        <Stack gap="sm">
          <TimeSlider entries={entries} index={shown} onChange={setIndex} />
          <Figures query={state}>{state.data && <PostingFigures state={state.data} bids={bids} />}</Figures>
        </Stack>
      </Paper>
      <HistoryList entries={entries} label="Activity on this posting" upTo={shown} />
    </Stack>
  );
}
