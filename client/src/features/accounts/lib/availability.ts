import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

import type { Availability } from '@domain/accounts/responses';

/** Registration checks wait this long after the last keystroke (part 2 §9). */
export const AVAILABILITY_DEBOUNCE_MS = 500;

/**
 * idle: nothing to check yet (empty or malformed); checking: waiting for typing to stop or for
 * the answer; available / taken; failed: the check itself failed, which counts as not available.
 */
export type AvailabilityState = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/**
 * Asks the server whether `subject` is still free, once typing has paused for 500 ms.
 * `subject` is null while the value is not worth checking (empty or malformed). Answers are
 * cached per value, so going back to an earlier value answers at once.
 */
export function useAvailabilityCheck<K extends QueryKey>(
  subject: string | null,
  queryOptionsFor: (subject: string) => UseQueryOptions<Availability, Error, Availability, K>,
): AvailabilityState {
  const [debounced] = useDebouncedValue(subject, AVAILABILITY_DEBOUNCE_MS);
  const settled = subject !== null && debounced === subject;
  const query = useQuery({ ...queryOptionsFor(subject ?? ''), enabled: settled });

  if (subject === null) return 'idle';
  if (!settled || query.isPending) return 'checking';
  if (query.isError) return 'failed';
  return query.data.available ? 'available' : 'taken';
}
