import {
  counteredSentence,
  insightSentence,
  notEnoughDataSentence,
  postedSentence,
  rateComparison,
  type RateInsightQuery,
} from '@domain/insights';
import { ROLE_TYPES, type RoleType } from '@domain/postings';
import { isUsState } from '@domain/accounts/us-states';
import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartHistogram } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { loadingRegion } from '@/components/ui/loading-region';

import { useRateInsight } from '../api/get-rate-insight';
import { RateDistribution } from './rate-distribution';

export const RATE_INSIGHT_MESSAGES = {
  title: 'Market rates',
  chooseJob: 'Choose the role and the required license state to see the rates connections agreed on.',
  loadFailed: 'Market rates could not be loaded.',
} as const;

export interface RateInsightProps {
  roleType: RoleType | '' | null;
  state: string | null;
  /** The rate being typed, placed among the agreed ones. */
  yourRate?: number | null;
}

/** A role and a state worth asking about, or null. */
function insightQuery(roleType: RateInsightProps['roleType'], state: string | null): RateInsightQuery | null {
  if (!roleType || !ROLE_TYPES.includes(roleType) || !state || !isUsState(state)) return null;
  return { role_type: roleType, state: state.toUpperCase() };
}

/**
 * What connections agreed on for this role and state over the last 90 days (issue #16), beside
 * the job form's hourly rate and the applicant's bid form: the median and middle half, a small
 * distribution, the posted rates and how often bids were countered. Quiet when there is too little
 * data or the figures cannot be loaded: the forms work without it.
 */
export function RateInsight({ roleType, state, yourRate = null }: RateInsightProps) {
  const query = insightQuery(roleType, state);
  const insight = useRateInsight(query);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={RATE_INSIGHT_MESSAGES.title} data-testid="rate-insight">
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconChartHistogram size={18} stroke={1.7} color="var(--mantine-color-tenens-8)" aria-hidden />
          <Text fz="sm" fw={600} c="gray.9">
            {RATE_INSIGHT_MESSAGES.title}
          </Text>
        </Group>
        <Body query={query} insight={insight} yourRate={yourRate} />
      </Stack>
    </Paper>
  );
}

function Body({
  query,
  insight,
  yourRate,
}: {
  query: RateInsightQuery | null;
  insight: ReturnType<typeof useRateInsight>;
  yourRate: number | null;
}) {
  if (!query) {
    return (
      <Text fz="sm" c="gray.7">
        {RATE_INSIGHT_MESSAGES.chooseJob}
      </Text>
    );
  }
  if (insight.isPending) {
    return (
      <Stack gap={8} {...loadingRegion('Loading market rates')}>
        <Skeleton height={12} width="90%" />
        <Skeleton height={12} width="70%" />
        <Skeleton height={72} />
      </Stack>
    );
  }
  if (insight.isError) {
    return (
      <Text fz="sm" c="gray.7">
        {RATE_INSIGHT_MESSAGES.loadFailed}{' '}
        <Anchor component="button" type="button" fz="sm" onClick={() => void insight.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  }
  const data = insight.data;
  if (!data.enough_data) {
    return (
      <Text fz="sm" c="gray.7" aria-live="polite">
        {notEnoughDataSentence(query.role_type, query.state)}
      </Text>
    );
  }
  const mayCompare = yourRate !== null && Number.isFinite(yourRate) && yourRate > 0;
  const extras = [postedSentence(data), counteredSentence(data)].filter((sentence): sentence is string => sentence !== null);
  return (
    <Stack gap={8}>
      {/* Live: it changes with the role or state chosen, not with every keystroke of the rate. */}
      <Text fz="sm" c="gray.9" aria-live="polite">
        {insightSentence(data)}
      </Text>
      <RateDistribution agreed={data.agreed} yourRate={mayCompare ? yourRate : null} />
      <Legend withYours={mayCompare} />
      {mayCompare && (
        <Text fz="xs" c="orange.9">
          Your {rateComparison(yourRate, data.agreed)}.
        </Text>
      )}
      {extras.map((sentence) => (
        <Text key={sentence} fz="xs" c="gray.7">
          {sentence}.
        </Text>
      ))}
    </Stack>
  );
}

/** What the chart's marks mean; the chart's own description already says it for screen readers. */
function Legend({ withYours }: { withYours: boolean }) {
  const swatch = (mark: ReactNode, label: string) => (
    <Group gap={4} wrap="nowrap">
      <svg width="14" height="10" aria-hidden focusable="false">
        {mark}
      </svg>
      <Text span fz={11} c="gray.7">
        {label}
      </Text>
    </Group>
  );
  return (
    <Group gap={10} aria-hidden mt={-4}>
      {swatch(<rect width="14" height="10" rx="2" fill="var(--mantine-color-tenens-5)" />, 'connections')}
      {swatch(<rect width="14" height="10" fill="var(--mantine-color-tenens-0)" />, 'middle half')}
      {swatch(<line x1="7" x2="7" y1="0" y2="10" stroke="var(--mantine-color-gray-8)" strokeWidth="1.5" />, 'median')}
      {withYours &&
        swatch(
          <line x1="7" x2="7" y1="0" y2="10" stroke="var(--mantine-color-orange-7)" strokeWidth="2" strokeDasharray="4 3" />,
          'your rate',
        )}
    </Group>
  );
}
