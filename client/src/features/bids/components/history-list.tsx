import { formatDateTime } from '@domain/shared/format';
import { Badge, Box, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';

import { currentUserAtom } from '@/stores/session';
import type { HistoryEntry, PostingHistoryEntry } from '@domain/shared/history';

import { historySentence } from '../lib/history';
import classes from './bids.module.css';
import { SIDE_COLORS } from './side-colors';

/** Events in log order, each as a sentence with its time; the viewer's own read 'You'. */
export function HistoryList({
  entries,
  label,
}: {
  entries: readonly (HistoryEntry | PostingHistoryEntry)[];
  /** Names the list for screen readers, e.g. 'Negotiation history'. */
  label: string;
}) {
  const viewerId = useAtomValue(currentUserAtom)?.id ?? null;
  return (
    <Box component="ol" className={classes.timeline} aria-label={label}>
      {entries.map((entry) => {
        const { who, what } = historySentence(entry, { viewerId });
        return (
          <li key={entry.id} className={classes.timelineItem}>
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
