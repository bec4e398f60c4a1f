/**
 * How postings read on screen (part 1 §9): money in USD, rates and contract values in whole
 * dollars, calendar dates as en-US short dates with the job's length in weeks (rounded up), week
 * days by name.
 */
import { weeksBetween, type LodgingFrequency, type PostingStatus, type SupervisionType } from '@domain/postings';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** $1,234 (rounded to whole dollars). */
export function formatMoney(amount: number): string {
  return wholeDollars.format(Math.round(amount));
}

/** Allowances keep their cents when they have any ($12.50), else whole dollars ($1,500). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount);
}

/** $185/hr */
export function formatRate(rate: number): string {
  return `${formatMoney(rate)}/hr`;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDateLocal = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A calendar date (YYYY-MM-DD) as 'Jan 5, 2026', the same day in every time zone. */
export function formatCalendarDate(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : shortDate.format(ms);
}

/** An instant (ISO date-time) as the viewer's local date, 'Feb 5, 2026'. */
export function formatInstantDate(value: string | null | undefined): string {
  if (!value) return '';
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : shortDateLocal.format(ms);
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '1 week', '4 weeks' (rounded up, counting both ends); '' when the dates are invalid. */
export function formatWeeks(start: string, end: string): string {
  const weeks = weeksBetween(start, end);
  return weeks === null ? '' : pluralize(weeks, 'week');
}

/** 'Jan 5, 2026 – Feb 1, 2026' */
export function formatDateRange(start: string, end: string): string {
  return `${formatCalendarDate(start)} – ${formatCalendarDate(end)}`;
}

/** 'Jan 5, 2026 – Feb 1, 2026 (4 weeks)' */
export function formatDatesWithWeeks(start: string, end: string): string {
  const weeks = formatWeeks(start, end);
  return weeks ? `${formatDateRange(start, end)} (${weeks})` : formatDateRange(start, end);
}

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

/** 'San Diego, CA' from whatever parts exist. */
export function formatLocation(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter(Boolean).join(', ');
}

export const POSTING_STATUS_LABELS: Record<PostingStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** Badge background and (for contrast on the light background) text colours. */
export const POSTING_STATUS_COLORS: Record<PostingStatus, { color: string; text: string }> = {
  draft: { color: 'yellow', text: '#6b4e00' },
  active: { color: 'green', text: 'green.9' },
  withdrawn: { color: 'gray', text: 'gray.8' },
  expired: { color: 'red', text: 'red.9' },
};

/** Today in the viewer's time zone, YYYY-MM-DD (the job form's earliest start date). */
export function localToday(now: Date = new Date()): string {
  return localDate(now);
}

/** The viewer's local calendar date of an instant, YYYY-MM-DD. */
export function localDate(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}
