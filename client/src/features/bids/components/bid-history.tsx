import { Box, Button, Collapse, Group, Stack } from '@mantine/core';
import { IconChevronDown, IconHistory } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useId, useState, type ReactNode } from 'react';

import { isAdminAtom } from '@/stores/session';

import { useBidHistory } from '../api/get-bid-history';
import { ratePoints } from '../lib/history';
import { BidTimeAsOf } from './as-of';
import { HistoryList, HistoryQuery } from './history-list';
import { RateChart } from './rate-chart';

/**
 * A bid's negotiation: the rate chart and the events as sentences. Live: refetched on every
 * change. Platform admins also get a time slider that shows the bid as of any event.
 */
export function BidTimeline({ bidId, postedRate }: { bidId: string; postedRate?: number | null }) {
  const history = useBidHistory(bidId);
  const isAdmin = useAtomValue(isAdminAtom);
  return (
    <HistoryQuery
      query={history}
      loading="Loading the history…"
      failed="Failed to load the history of this bid"
      empty="Nothing has happened on this bid yet."
    >
      {(entries) =>
        isAdmin ? (
          <BidTimeAsOf bidId={bidId} entries={entries} postedRate={postedRate} />
        ) : (
          <Stack gap="sm">
            <RateChart points={ratePoints(entries)} postedRate={postedRate} />
            <HistoryList entries={entries} label="Negotiation history" />
          </Stack>
        )
      }
    </HistoryQuery>
  );
}

/** A toggle button and the panel it unfolds (aria-expanded / aria-controls), content mounted only while open. */
export function Disclosure({
  label,
  icon = <IconHistory size={16} stroke={1.75} aria-hidden />,
  actions,
  children,
}: {
  label: string;
  icon?: ReactNode;
  /** Buttons shown on the same row, before the toggle (then pushed to the right). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  return (
    <Stack gap={0}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {actions}
        <Button
          ml={actions ? 'auto' : undefined}
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={icon}
          rightSection={
            <IconChevronDown
              size={14}
              aria-hidden
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          }
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={() => setOpened((value) => !value)}
        >
          {label}
        </Button>
      </Group>
      <Collapse expanded={opened} id={panelId} keepMounted={false}>
        <Box pt="sm">{opened && children}</Box>
      </Collapse>
    </Stack>
  );
}

/** The bid's actions with a 'History' toggle on the same row; the timeline unfolds below (fetched on open). */
export function BidHistorySection({ bidId, postedRate, actions }: { bidId: string; postedRate?: number | null; actions?: ReactNode }) {
  return (
    <Disclosure label="History" actions={actions ?? <span />}>
      <BidTimeline bidId={bidId} postedRate={postedRate} />
    </Disclosure>
  );
}
