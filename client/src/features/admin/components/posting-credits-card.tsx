import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useAddAdminFacilityCredit } from '../api/add-facility-credit';
import { useRemoveAdminFacilityCredit } from '../api/remove-facility-credit';
import { adminMessages } from '../lib/messages';

import { SectionCard } from './section-card';

/** Posting credits, one at a time; removing is disabled at 0 (spec part 2 §5, §9). */
export function PostingCreditsCard({ facilityId, credits, canRemove }: { facilityId: string; credits: number; canRemove: boolean }) {
  const add = useAddAdminFacilityCredit();
  const remove = useRemoveAdminFacilityCredit();
  const busy = add.isPending || remove.isPending;

  const addCredit = () =>
    add.mutate(facilityId, {
      onSuccess: () => notifySuccess(adminMessages.creditAdded),
      onError: (error) => notifyError(errorMessage(error, adminMessages.creditAddFailed)),
    });
  const removeCredit = () =>
    remove.mutate(facilityId, {
      onSuccess: () => notifySuccess(adminMessages.creditRemoved),
      onError: (error) => notifyError(errorMessage(error, adminMessages.creditRemoveFailed)),
    });

  return (
    <SectionCard title="Posting Credits">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={0}>
          <Text fz={36} fw={700} lh={1.1} aria-live="polite" data-testid="posting-credits">
            {credits}
          </Text>
          <Text fz="sm" c="dimmed">
            {credits === 1 ? 'credit available' : 'credits available'}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Remove one credit" withArrow>
            <ActionIcon
              size="lg"
              variant="default"
              aria-label="Remove posting credit"
              onClick={removeCredit}
              disabled={!canRemove || busy}
              loading={remove.isPending}
            >
              <IconMinus size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Add one credit" withArrow>
            <ActionIcon
              size="lg"
              variant="filled"
              aria-label="Add posting credit"
              onClick={addCredit}
              disabled={busy}
              loading={add.isPending}
            >
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Text fz="xs" c="dimmed" mt="sm">
        Publishing a job posting uses one credit instead of the monthly posting fee. Credits have no cash value.
      </Text>
    </SectionCard>
  );
}
