/**
 * Figures shown beside a posting: estimated contract value, its length in weeks, and the days a
 * posting has left. Inputs may come half-filled from the form, so every function tolerates
 * missing values and answers null when it cannot compute.
 */
import { DAY_MS, dayNumber, daysInclusive, instant, weekDayOf } from './calendar';

export interface ContractTerms {
  start_date?: string | null;
  end_date?: string | null;
  week_days?: readonly number[] | null;
  days_per_week?: number | string | null;
  hours_per_day?: number | string | null;
  hourly_rate?: number | string | null;
}

const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * hours_per_day x hourly_rate x working days, rounded to whole dollars; null when not computable
 * (a missing or invalid date, end before start, no hours, rate or day count).
 * Working days: the dates from start to end inclusive whose weekday is in week_days; with no
 * week_days, days_per_week for every started week (see workingDays).
 */
export function contractValue(terms: ContractTerms): number | null {
  const hours = asNumber(terms.hours_per_day);
  const rate = asNumber(terms.hourly_rate);
  if (hours === null || rate === null || hours <= 0 || rate < 0) return null;
  const days = workingDays(terms);
  return days === null ? null : Math.round(hours * rate * days);
}

/**
 * Working days between start and end inclusive. With week_days: the matching dates. Without:
 * days_per_week x weeksBetween (weeks rounded up, as the spec shows them), capped at the number
 * of calendar days, because a 3-day job at 5 days/week is 3 working days, not 5.
 */
export function workingDays(terms: Pick<ContractTerms, 'start_date' | 'end_date' | 'week_days' | 'days_per_week'>): number | null {
  const days = daysInclusive(terms.start_date, terms.end_date);
  if (days === null) return null;
  const chosen = new Set((terms.week_days ?? []).filter((day) => Number.isInteger(day) && day >= 1 && day <= 7));
  if (chosen.size > 0) return countWeekDays(dayNumber(terms.start_date) as number, days, chosen);
  const perWeek = asNumber(terms.days_per_week);
  if (perWeek === null || perWeek <= 0) return null;
  return Math.min(days, perWeek * Math.ceil(days / 7));
}

/** Dates in [first, first + days) whose weekday is chosen: whole weeks first, then the rest. */
function countWeekDays(first: number, days: number, chosen: Set<number>): number {
  const wholeWeeks = Math.floor(days / 7);
  let count = wholeWeeks * chosen.size;
  for (let day = first + wholeWeeks * 7; day < first + days; day += 1) {
    if (chosen.has(weekDayOf(day))) count += 1;
  }
  return count;
}

/**
 * Length of a job in weeks, rounded up, counting both start and end dates (the same count the
 * contract value uses): Mon-Fri is 1 week, Mon to the next Mon (8 days) is 2. Null when invalid.
 */
export function weeksBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  const days = daysInclusive(start, end);
  return days === null ? null : Math.ceil(days / 7);
}

/** Days left until a posting expires, rounded up (the withdraw message); 0 once past, null if unknown. */
export function remainingDays(autoExpire: string | Date | null | undefined, now: Date): number | null {
  const expiresAt = instant(autoExpire);
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((expiresAt - now.getTime()) / DAY_MS));
}
