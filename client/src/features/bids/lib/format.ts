/** Money, dates and weeks as the bids screens show them (spec part 1 §9). */
import { weeksBetween } from '@domain/postings';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** '$1,250' : whole dollars, USD. */
export function formatDollars(amount: number): string {
  return dollars.format(Math.round(amount));
}

/** '$185/hr', or an em dash when there is no rate. */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${formatDollars(rate)}/hr`;
}

/** Job dates are calendar dates (YYYY-MM-DD): formatted in UTC so every time zone shows the same day. */
const calendarDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const calendarDayNoYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function calendarDate(value: string): Date | null {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 3, 2026'. */
export function formatCalendarDate(value: string | null | undefined): string {
  const date = value ? calendarDate(value) : null;
  return date ? calendarDay.format(date) : '—';
}

/** '4 weeks' (rounded up), or null when the dates do not make a range. */
export function weeksLabel(start: string | null | undefined, end: string | null | undefined): string | null {
  const weeks = weeksBetween(start, end);
  if (weeks === null) return null;
  return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
}

/** 'Mar 3 – Apr 1, 2026' (the year once when both dates share it). */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const first = start ? calendarDate(start) : null;
  const last = end ? calendarDate(end) : null;
  if (!first || !last) return first ? calendarDay.format(first) : last ? calendarDay.format(last) : '—';
  const sameYear = first.getUTCFullYear() === last.getUTCFullYear();
  return `${(sameYear ? calendarDayNoYear : calendarDay).format(first)} – ${calendarDay.format(last)}`;
}

/** 'Mar 3 – Apr 1, 2026 · 5 weeks'. */
export function formatDatesWithWeeks(start: string | null | undefined, end: string | null | undefined): string {
  const weeks = weeksLabel(start, end);
  return weeks ? `${formatDateRange(start, end)} · ${weeks}` : formatDateRange(start, end);
}

const moment = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 3, 2026, 2:15 PM' in the viewer's time zone (events are instants). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : moment.format(date);
}

/** 'City, ST', whichever parts exist. */
export function formatPlace(city: string | null | undefined, state: string | null | undefined): string | null {
  return [city, state].filter(Boolean).join(', ') || null;
}
