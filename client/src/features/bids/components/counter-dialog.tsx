import { formatRate } from '@domain/shared/format';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';

import type { FacilityBidView } from '@domain/bids';

import { useCounterBid } from '../api/counter-bid';
import { useRateEntry } from '../lib/rate-entry';
import { BidFacts } from './bid-facts';
import { RateInput } from './rate-input';

/**
 * The facility's counter offer: a rate of at least 1 (the shared counterRateSchema), with how far
 * it is from the posted rate in percent, rounded (counterComparison). Opened with the posted rate.
 */
export function CounterDialog({ bid, opened, onClose }: { bid: FacilityBidView; opened: boolean; onClose: () => void }) {
  const counter = useCounterBid();
  const posted = bid.job_hourly_rate;
  const { rate, error, comparison, change, check, reset, clearTried } = useRateEntry('counter', posted ?? '', posted);
  const name = bid.applicant_name ?? 'the applicant';

  const close = () => {
    if (counter.isPending) return;
    reset(posted ?? '');
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const counterRate = check();
    if (counterRate === null) return;
    counter.mutate(
      { bidId: bid.id, counterRate },
      {
        onSuccess: () => {
          clearTried();
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
          <RateInput
            label="Counter rate"
            description="Whole dollars per hour."
            value={rate}
            onChange={change}
            error={error}
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
