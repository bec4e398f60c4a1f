import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, phones): lists show as cards instead of tables, so no
 * column is cut off at 390 px. Read at the first render, so a phone never flashes a table.
 */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
