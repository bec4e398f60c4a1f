/**
 * How money, dates, date ranges, job lengths, places and names read, on every screen and in every
 * email (spec part 1 §9, part 2 §9): US dollars rounded to whole dollars, en-US short dates
 * ('Jan 5, 2026'), job dates with their length in weeks rounded up. Pure: the same input gives the
 * same text on the server and in the browser. Calendar dates (YYYY-MM-DD) are the same day in
 * every time zone; instants (ISO date-times) read in the runtime's local zone.
 */
import { digitsOnly, formatPhone } from '../accounts/phone';
import { weeksBetween } from '../postings/contract-value';
import { groupDigits } from './digits';

// In its own module so the client's start-up code (the session store) can use it without the rest.
export { personName } from './person-name';

/** What a screen shows for a missing rate or date range. */
export const NO_VALUE = '—';

// Each Intl formatter is built on first use: building one takes milliseconds (locale data), and a
// page's start-up should not pay for all of them when it shows one kind of value, or none.
function builtOnFirstUse<T>(build: () => T): () => T {
  let formatter: T | undefined;
  return () => (formatter ??= build());
}

const dollarsAndCents = builtOnFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

// Whole dollars and dates, on every list and posting a page first shows, are built by
// hand: the page's first Intl formatter loads ICU's data, the costliest step of a phone's first
// render. The unit tests hold both to Intl's en-US output.
function wholeDollars(amount: number): string {
  const dollars = groupDigits(Math.abs(amount));
  return amount < 0 ? `-$${dollars}` : `$${dollars}`;
}

/** '$1,234': rounded to whole dollars. */
export function formatMoney(amount: number): string {
  return wholeDollars(Math.round(amount));
}

/** Allowances keep their cents when they have any ('$12.50'), else whole dollars ('$1,500'). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars(amount) : dollarsAndCents().format(amount);
}

/** '$185/hr', or an em dash when there is no rate. */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? NO_VALUE : `${formatMoney(rate)}/hr`;
}

/** '$150 – $200 per hour', 'From $150 per hour', 'Up to $200 per hour', or '' with neither. */
export function formatRateRange(min: number | null | undefined, max: number | null | undefined): string {
  const hasMin = min !== null && min !== undefined;
  const hasMax = max !== null && max !== undefined;
  if (hasMin && hasMax) return `${formatMoney(min)} – ${formatMoney(max)} per hour`;
  if (hasMin) return `From ${formatMoney(min)} per hour`;
  return hasMax ? `Up to ${formatMoney(max)} per hour` : '';
}

/** '1 week', '3 bids'. */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD, or the date part of an ISO string) as 'Jan 5, 2026'; '' when missing or unreadable. */
export function formatCalendarDate(date: string | null | undefined): string {
  if (!date) return '';
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(ms)) return '';
  const day = new Date(ms);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** 'Jan 5, 2026 – Feb 1, 2026'; the one date when only one is readable; an em dash with neither. */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const first = formatCalendarDate(start);
  const last = formatCalendarDate(end);
  if (first && last) return `${first} – ${last}`;
  return first || last || NO_VALUE;
}

/** '1 week', '4 weeks' (rounded up, counting both ends); '' when the dates do not make a range. */
export function formatWeeks(start: string | null | undefined, end: string | null | undefined): string {
  const weeks = weeksBetween(start, end);
  return weeks === null ? '' : pluralize(weeks, 'week');
}

/** 'Jan 5, 2026 – Feb 1, 2026 (4 weeks)': job dates are shown with their length. */
export function formatDatesWithWeeks(start: string | null | undefined, end: string | null | undefined): string {
  const weeks = formatWeeks(start, end);
  const range = formatDateRange(start, end);
  return weeks ? `${range} (${weeks})` : range;
}

const localMoment = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const numericMoment = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

// Newer ICU versions put a narrow no-break space before AM/PM; one plain space everywhere keeps
// the server's and every browser's text the same.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** An instant as the local date, 'Feb 5, 2026'; '' when missing or unreadable. */
export function formatDate(value: string | null | undefined): string {
  const ms = instant(value);
  if (ms === null) return '';
  const day = new Date(ms);
  return `${MONTHS[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`;
}

/** An instant as the local date and time, 'Nov 22, 2026, 10:00 AM'; '' when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  const ms = instant(value);
  return ms === null ? '' : plainSpaces(localMoment().format(ms));
}

/** An instant as 'MM/DD/YYYY h:mm AM' in local time (admin note stamps); '' when missing or unreadable. */
export function formatNumericDateTime(value: string | null | undefined): string {
  const ms = instant(value);
  return ms === null ? '' : plainSpaces(numericMoment().format(ms)).replace(',', '');
}

/** The local calendar date of an instant, YYYY-MM-DD (e.g. today, the earliest start of a job). */
export function localIsoDate(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** 'San Diego, CA' from whichever parts exist; '' with neither. */
export function formatPlace(city: string | null | undefined, state: string | null | undefined): string {
  return [city?.trim(), state?.trim()].filter(Boolean).join(', ');
}

/** The postal address as lines: street, second line, 'City, ST 12345'. */
export function addressLines(address: {
  address_line1: string | null;
  address_line2?: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}): string[] {
  const last = [formatPlace(address.city, address.state), address.zip_code?.trim()].filter(Boolean).join(' ');
  return [address.address_line1?.trim(), address.address_line2?.trim(), last].filter((line): line is string => !!line);
}

/** '(555) 123-4567' for 10 digits; anything else as stored. */
export function displayPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return digitsOnly(phone).length === 10 ? formatPhone(phone) : phone;
}

/** '$199.00': a charge or payment in US dollars with its cents (billing amounts and fees). */
export function formatUsd(amount: number): string {
  return dollarsAndCents().format(amount);
}
