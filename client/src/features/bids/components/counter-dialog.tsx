import { formatRate } from '@domain/shared/format';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { FacilityBidView } from '@domain/bids';

import { useCounterBid } from '../api/counter-bid';
import { comparedToPosted, rateError } from '../lib/rates';
import { BidFacts } from './bid-facts';

/**
 * The facility's counter offer: a rate of at least 1 (the shared counterRateSchema), with how far
 * it is from the posted rate in percent, rounded (counterComparison). Opened with the posted rate.
 */
export function CounterDialog({ bid, opened, onClose }: { bid: FacilityBidView; opened: boolean; onClose: () => void }) {
  const counter = useCounterBid();
  const posted = bid.job_hourly_rate;
  const [rate, setRate] = useState<number | string>(posted ?? '');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const name = bid.applicant_name ?? 'the applicant';

  const numeric = typeof rate === 'number' ? rate : rate.trim() === '' ? NaN : Number(rate);
  const comparison = Number.isFinite(numeric) && numeric > 0 ? comparedToPosted(numeric, posted) : null;

  const close = () => {
    if (counter.isPending) return;
    setRate(posted ?? '');
    setError(null);
    setTried(false);
    onClose();
  };

  const change = (value: number | string) => {
    setRate(value);
    if (tried) setError(rateError('counter', value));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problem = rateError('counter', rate);
    setError(problem);
    if (problem) return;
    counter.mutate(
      { bidId: bid.id, counterRate: Number(rate) },
      {
        onSuccess: () => {
          setTried(false);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Counter ${name}'s bid`} centered radius="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <BidFacts
            facts={[
              { label: 'Posted rate', value: formatRate(posted) },
              { label: bid.current_state === 'applicant_countered' ? 'Their counter' : 'Their bid', value: formatRate(bid.current_rate) },
            ]}
          />
          <NumberInput
            label="Counter rate"
            description="Whole dollars per hour."
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
            data-autofocus
          />
          <Text fz="sm" c="dimmed" aria-live="polite" mih={20}>
            {comparison && !error ? `${comparison} (${formatRate(posted)}).` : ''}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={counter.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={counter.isPending}>
              Send counter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
