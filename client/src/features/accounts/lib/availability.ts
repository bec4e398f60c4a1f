import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

import { npiTaken } from '@domain/accounts/messages';
import type { Availability } from '@domain/accounts/responses';

import { npiAvailabilityQueryOptions } from '../api/check-npi-availability';
import { accountPageMessages } from './messages';
import { npiSubject } from './options';

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

/** A checked field's state and the error it shows for it (a taken value, or a failed check). */
export interface AvailabilityCheck {
  state: AvailabilityState;
  problem: string | undefined;
}

/** The error a checked field shows: `taken` once the value is taken, or that the check failed. */
export function availabilityProblem(state: AvailabilityState, taken: string): string | undefined {
  return state === 'taken' ? taken : state === 'failed' ? accountPageMessages.availabilityCheckFailed : undefined;
}

/** Whether the typed NPI is still free (checked once it is a well-formed NPI). */
export function useNpiAvailability(value: string): AvailabilityCheck {
  const npi = value.trim();
  const state = useAvailabilityCheck(npiSubject(npi), npiAvailabilityQueryOptions);
  return { state, problem: availabilityProblem(state, npiTaken(npi)) };
}
