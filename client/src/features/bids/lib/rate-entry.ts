import { useState } from 'react';

import { comparedToPosted, rateError } from './rates';

/**
 * A typed hourly rate: checked against its shared schema once a submit was tried (then on every
 * change), and compared with the posted rate while it is a positive number.
 */
export function useRateEntry(kind: 'proposed' | 'counter', initial: number | string, postedRate: number | null | undefined) {
  const [rate, setRate] = useState<number | string>(initial);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const numeric = typeof rate === 'number' ? rate : rate.trim() === '' ? NaN : Number(rate);
  const comparison = Number.isFinite(numeric) && numeric > 0 ? comparedToPosted(numeric, postedRate) : null;

  const change = (value: number | string) => {
    setRate(value);
    if (tried) setError(rateError(kind, value));
  };

  /** Marks the submit as tried and shows the first problem: the rate to send, or null. */
  const check = (): number | null => {
    setTried(true);
    const problem = rateError(kind, rate);
    setError(problem);
    return problem ? null : Number(rate);
  };

  /** Back to a fresh entry holding `value`. */
  const reset = (value: number | string) => {
    setRate(value);
    setError(null);
    setTried(false);
  };

  /** Forgets the tried submit: changes are no longer checked until the next one. */
  const clearTried = () => setTried(false);

  return { rate, error, comparison, change, check, reset, clearTried };
}
