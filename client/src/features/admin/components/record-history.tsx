import { formatDateTime } from '@domain/shared/format';
import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCheck, IconCoin, IconPencil, IconPlayerPause, IconPoint, IconUserPlus, IconX } from '@tabler/icons-react';

import type { RecordHistoryEntry } from '@domain/shared/history';

import { describeHistory, type HistoryItem } from '../lib/history';

import { SectionCard, SectionContent } from './section-card';

const TONE_COLORS: Record<HistoryItem['tone'], string> = {
  positive: 'green',
  negative: 'red',
  neutral: 'gray',
  info: 'tenens',
};

function bulletIcon(item: HistoryItem) {
  const sentence = item.sentence.toLowerCase();
  if (sentence.includes('credit')) return <IconCoin size={12} />;
  if (sentence.startsWith('profile')) return <IconPencil size={12} />;
  if (sentence.includes('signed up')) return <IconUserPlus size={12} />;
  if (sentence.startsWith('suspended') || sentence.startsWith('deactivated')) return <IconPlayerPause size={12} />;
  if (item.tone === 'positive') return <IconCheck size={12} />;
  if (item.tone === 'negative') return <IconX size={12} />;
  return <IconPoint size={12} />;
}

/** The record's event timeline, newest first, in plain sentences. */
export function RecordHistory({
  entries,
  isLoading,
  error,
}: {
  entries: RecordHistoryEntry[] | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  const items = describeHistory(entries ?? []);
  return (
    <SectionCard title="History">
      <SectionContent
        error={error}
        isLoading={isLoading}
        isEmpty={items.length === 0}
        failed="The history could not be loaded."
        loadingLabel="Loading history…"
        empty="No history yet."
      >
        {() => (
          <Timeline
            bulletSize={22}
            lineWidth={2}
            active={-1}
            aria-label="Record history"
            component="ol"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((item) => (
              <Timeline.Item
                key={item.id}
                component="li"
                bullet={
                  <ThemeIcon size={22} radius="xl" color={TONE_COLORS[item.tone]} variant="light" aria-hidden>
                    {bulletIcon(item)}
                  </ThemeIcon>
                }
                title={
                  <Text fz="sm" fw={600}>
                    {item.sentence}
                  </Text>
                }
              >
                {item.detail && (
                  <Text fz="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                    {item.detail}
                  </Text>
                )}
                <Text fz="xs" c="dimmed" component="time" dateTime={item.at} mt={2} display="block">
                  {formatDateTime(item.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </SectionContent>
    </SectionCard>
  );
}
