import { formatRate } from '@domain/shared/format';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

import { useSubmitBid } from '../api/submit-bid';
import { comparedToPosted, rateError } from '../lib/rates';

/**
 * The applicant's bid: a whole number of dollars per hour, prefilled with the posted rate
 * ('rate required and a whole number', the shared proposedRateSchema).
 */
export function BidForm({ postingId, postedRate }: { postingId: string; postedRate: number }) {
  const [rate, setRate] = useState<number | string>(Math.round(postedRate));
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const submit = useSubmitBid();

  const numeric = typeof rate === 'number' ? rate : rate.trim() === '' ? NaN : Number(rate);
  const comparison = Number.isFinite(numeric) && numeric > 0 ? comparedToPosted(numeric, postedRate) : null;

  const change = (value: number | string) => {
    setRate(value);
    if (tried) setError(rateError('proposed', value));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problem = rateError('proposed', rate);
    setError(problem);
    if (problem) return;
    submit.mutate({ job_posting_id: postingId, proposed_rate: Number(rate) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Bid on this job">
      <Stack gap="md">
        <NumberInput
          label="Your hourly rate"
          description={`The posted rate is ${formatRate(postedRate)}. Bid it, or the rate you want, in whole dollars.`}
          value={rate}
          onChange={change}
          error={error}
          leftSection="$"
          rightSection={
            <Text fz="sm" c="dimmed" pr={6}>
              /hr
            </Text>
          }
          rightSectionWidth={44}
          allowNegative={false}
          hideControls
          inputMode="decimal"
          withAsterisk
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
        <Text fz="xs" c="dimmed">
          The facility can accept, counter or reject your bid. You will see their answer here and by email.
        </Text>
      </Stack>
    </form>
  );
}
