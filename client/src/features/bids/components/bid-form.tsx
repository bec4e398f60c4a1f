import { formatRate } from '@domain/shared/format';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';

import { useSubmitBid } from '../api/submit-bid';
import { useRateEntry } from '../lib/rate-entry';
import { RateInput } from './rate-input';

/**
 * The applicant's bid: a whole number of dollars per hour, prefilled with the posted rate
 * ('rate required and a whole number', the shared proposedRateSchema).
 */
export function BidForm({
  postingId,
  postedRate,
  insight,
}: {
  postingId: string;
  postedRate: number;
  /** What the market agreed on for this job's role and state, given the rate typed (composed by the page). */
  insight?: (rate: number | null) => ReactNode;
}) {
  const { rate, error, comparison, change, check } = useRateEntry('proposed', Math.round(postedRate), postedRate);
  const submit = useSubmitBid();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const proposed = check();
    if (proposed === null) return;
    submit.mutate({ job_posting_id: postingId, proposed_rate: proposed });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Bid on this job">
      <Stack gap="md">
        <RateInput
          label="Your hourly rate"
          description={`The posted rate is ${formatRate(postedRate)}. Bid it, or the rate you want, in whole dollars.`}
          value={rate}
          onChange={change}
          error={error}
          maw={280}
        />
        {comparison && !error && (
          <Text fz="sm" c="dimmed" aria-live="polite" mt={-8}>
            {comparison}.
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={submit.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Submit bid
          </Button>
        </Group>
        {insight?.(typeof rate === 'number' ? rate : null)}
        <Text fz="xs" c="dimmed">
          The facility can accept, counter or reject your bid. You will see their answer here and by email.
        </Text>
      </Stack>
    </form>
  );
}
