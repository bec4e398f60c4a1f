import { isCalendarDate, isNotInFuture, latestTodayAnywhere } from '../../../../server/src/domain/accounts';

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
