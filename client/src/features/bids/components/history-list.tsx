import { formatDateTime } from '@domain/shared/format';
import { Alert, Badge, Box, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';

import { errorMessage } from '@/lib/api-client';

import { currentUserAtom } from '@/stores/session';
import type { HistoryEntry, PostingHistoryEntry } from '@domain/shared/history';

import { historySentence } from '../lib/history';
import classes from './bids.module.css';
import { SIDE_COLORS } from './side-colors';

/** Events in log order, each as a sentence with its time; the viewer's own read 'You'. */
export function HistoryList({
  entries,
  label,
  upTo,
}: {
  entries: readonly (HistoryEntry | PostingHistoryEntry)[];
  /** Names the list for screen readers, e.g. 'Negotiation history'. */
  label: string;
  /** Time travel: entries after this index had not happened yet, so they fade. */
  upTo?: number;
}) {
  const viewerId = useAtomValue(currentUserAtom)?.id ?? null;
  return (
    <Box component="ol" className={classes.timeline} aria-label={label}>
      {entries.map((entry, index) => {
        const { who, what } = historySentence(entry, { viewerId });
        const later = upTo !== undefined && index > upTo;
        return (
          <li key={entry.id} className={classes.timelineItem} data-later={later || undefined} style={later ? { opacity: 0.4 } : undefined}>
            <span className={classes.timelineDot} style={{ background: SIDE_COLORS[entry.side] }} aria-hidden />
            <Text fz="sm" lh={1.45}>
              {who && (
                <Text span fw={600} inherit>
                  {who}{' '}
                </Text>
              )}
              {what}.
              {entry.kind === 'bid' && entry.side === 'admin' && (
                <Badge ml={6} size="xs" color="grape">
                  admin
                </Badge>
              )}
            </Text>
            <Text fz="xs" c="dimmed">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Text>
          </li>
        );
      })}
    </Box>
  );
}

/**
 * A fetched history: a small loader while it loads, the server's reason (or `failed`) when it
 * could not, `empty` when nothing has happened yet, else `children` with the entries.
 */
export function HistoryQuery<Entry extends HistoryEntry | PostingHistoryEntry>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<Entry[]>;
  loading: string;
  failed: string;
  empty: string;
  children: (entries: Entry[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Group gap="xs" py="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {loading}
        </Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" py="xs">
        {errorMessage(query.error, failed)}
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return children(query.data);
}
