import { Loader, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

import type { AvailabilityState } from '../../lib/availability';

/**
 * The right-hand mark of a field checked for availability: a spinner while checking, a tick
 * once the value is free. Problems are shown as the field's error instead.
 */
export function AvailabilityStatus({ state, availableLabel }: { state: AvailabilityState; availableLabel: string }) {
  if (state === 'checking') return <Loader size={16} aria-label="Checking availability" />;
  if (state !== 'available') return null;
  return (
    <Tooltip label={availableLabel} withArrow>
      <ThemeIcon size={20} radius="xl" color="green" variant="light" data-testid="availability-ok">
        <IconCheck size={14} stroke={2.5} aria-hidden />
        <VisuallyHidden>{availableLabel}</VisuallyHidden>
      </ThemeIcon>
    </Tooltip>
  );
}
