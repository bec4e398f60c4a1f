import { useContext, useSyncExternalStore } from 'react';

import { PhoneGuessContext } from './phone-guess';

/** Below Mantine's `sm` breakpoint (48em). */
const PHONE_QUERY = '(max-width: 47.99em)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhoneNow = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Phones: lists show as cards instead of tables, so no column is cut off at 390 px. Read at the
 * first render, so a phone never flashes a table; a page the server rendered keeps its guess
 * until it is hydrated.
 */
export function useIsPhone(): boolean {
  const guess = useContext(PhoneGuessContext);
  return useSyncExternalStore(subscribe, isPhoneNow, () => guess);
}
