/**
 * Words and colours of posting fields on screen: week days by name, supervision, lodging, on-call
 * and status. Money and dates are formatted by the shared domain (@domain/shared/format).
 */
import type { LodgingFrequency, PostingStatus, SupervisionType } from '@domain/postings';

/** Week day numbers of a posting: 1 = Sunday ... 7 = Saturday. */
export const WEEK_DAYS = [
  { value: 1, short: 'Sun', name: 'Sunday' },
  { value: 2, short: 'Mon', name: 'Monday' },
  { value: 3, short: 'Tue', name: 'Tuesday' },
  { value: 4, short: 'Wed', name: 'Wednesday' },
  { value: 5, short: 'Thu', name: 'Thursday' },
  { value: 6, short: 'Fri', name: 'Friday' },
  { value: 7, short: 'Sat', name: 'Saturday' },
] as const;

/** [2, 3, 4] -> 'Monday, Tuesday, Wednesday' (or the short names). */
export function weekDayNames(days: readonly number[], style: 'name' | 'short' = 'name'): string {
  return [...new Set(days)]
    .sort((a, b) => a - b)
    .map((day) => WEEK_DAYS.find((entry) => entry.value === day)?.[style])
    .filter(Boolean)
    .join(', ');
}

export const SUPERVISION_LABELS: Record<SupervisionType, string> = {
  medically_directed: 'Medically directed',
  independent: 'Independent',
};

export const LODGING_FREQUENCY_LABELS: Record<LodgingFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** 'Every 3 days', 'Every day'; null: 'No call'. */
export function formatOnCall(ratio: number | null): string {
  if (ratio === null || ratio === undefined) return 'No call';
  return ratio === 1 ? 'Every day' : `Every ${ratio} days`;
}

/** Badge background and (for contrast on the light background) text colours. */
export const POSTING_STATUS_COLORS: Record<PostingStatus, { color: string; text: string }> = {
  draft: { color: 'yellow', text: '#6b4e00' },
  active: { color: 'green', text: '#1b6b30' },
  filled: { color: 'blue', text: '#1c4f8a' },
  withdrawn: { color: 'gray', text: 'gray.8' },
  expired: { color: 'red', text: 'red.9' },
};
