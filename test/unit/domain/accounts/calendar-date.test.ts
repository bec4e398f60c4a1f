import { calendarDay, isCalendarDate, isNotInFuture, latestTodayAnywhere } from '../../../../server/src/domain/accounts';

/** What a Date makes of the date: the judge the digit-by-digit reading must agree with. */
function byDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() / 86_400_000 : null;
}

describe('calendar dates', () => {
  it('accepts real dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-01-31')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });

  it('rejects impossible dates and other formats', () => {
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-1-5')).toBe(false);
    expect(isCalendarDate('01/05/2024')).toBe(false);
    expect(isCalendarDate('2024-01-05T00:00:00Z')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2024-00-10')).toBe(false);
    expect(isCalendarDate('2024-01-00')).toBe(false);
    expect(isCalendarDate('0099-01-01')).toBe(false);
    expect(isCalendarDate('2024-01-0a')).toBe(false);
  });

  it('counts days since 1970-01-01, as a Date does, for every day and every impossible one of two centuries', () => {
    expect(calendarDay('1970-01-01')).toBe(0);
    expect(calendarDay('2000-02-29')).toBe(11_016);
    expect(calendarDay('1969-12-31')).toBe(-1);
    for (let year = 1899; year <= 2101; year++)
      for (let month = 1; month <= 12; month++)
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect([value, calendarDay(value)]).toEqual([value, byDate(value)]);
        }
  });

  it('takes "today" as the latest date anywhere on Earth (UTC+14)', () => {
    expect(latestTodayAnywhere(new Date('2025-03-10T09:59:59Z'))).toBe('2025-03-10');
    expect(latestTodayAnywhere(new Date('2025-03-10T10:00:00Z'))).toBe('2025-03-11');
  });

  it('judges "not in the future" against that date', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(isNotInFuture('2025-03-10', now)).toBe(true);
    expect(isNotInFuture('2025-03-11', now)).toBe(true);
    expect(isNotInFuture('2025-03-12', now)).toBe(false);
    expect(isNotInFuture('1999-12-31', now)).toBe(true);
  });
});
