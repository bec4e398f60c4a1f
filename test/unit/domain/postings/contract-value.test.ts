import { contractValue, earliestTodayAnywhere, remainingDays, weeksBetween, workingDays } from '../../../../server/src/domain/postings';

// 2024-01-01 was a Monday. Week days: 1 = Sunday ... 7 = Saturday.
const MON_TO_FRI = [2, 3, 4, 5, 6];
const terms = { hours_per_day: 10, hourly_rate: 100, days_per_week: 5 };

describe('contractValue with week_days', () => {
  test('two whole weeks of Mon-Fri', () => {
    expect(contractValue({ ...terms, start_date: '2024-01-01', end_date: '2024-01-14', week_days: MON_TO_FRI })).toBe(10 * 100 * 10);
  });

  test('counts the chosen days across a partial week (Wed to the next Tue)', () => {
    expect(workingDays({ start_date: '2024-01-03', end_date: '2024-01-09', week_days: MON_TO_FRI })).toBe(5);
    expect(workingDays({ start_date: '2024-01-03', end_date: '2024-01-09', week_days: [1, 7] })).toBe(2);
  });

  test('three weeks and two days, weekends only', () => {
    // Mon 2024-01-01 .. Tue 2024-01-23: 23 days, 3 Saturdays and 3 Sundays.
    expect(workingDays({ start_date: '2024-01-01', end_date: '2024-01-23', week_days: [1, 7] })).toBe(6);
  });

  test('across a leap day and a year end', () => {
    expect(workingDays({ start_date: '2024-02-28', end_date: '2024-03-01', week_days: [1, 2, 3, 4, 5, 6, 7] })).toBe(3);
    // Tue 2024-12-31 .. Thu 2025-01-02
    expect(workingDays({ start_date: '2024-12-31', end_date: '2025-01-02', week_days: [3, 5] })).toBe(2);
  });

  test('a single day counts when its weekday is chosen, else the value is 0', () => {
    expect(contractValue({ ...terms, start_date: '2024-01-01', end_date: '2024-01-01', week_days: [2] })).toBe(1000);
    expect(contractValue({ ...terms, start_date: '2024-01-01', end_date: '2024-01-01', week_days: [3] })).toBe(0);
  });

  test('week_days beat days_per_week', () => {
    expect(workingDays({ start_date: '2024-01-01', end_date: '2024-01-07', week_days: [2], days_per_week: 5 })).toBe(1);
  });

  test('out-of-range week days are ignored', () => {
    expect(workingDays({ start_date: '2024-01-01', end_date: '2024-01-07', week_days: [2, 9, 0] })).toBe(1);
  });
});

describe('contractValue without week_days: days_per_week x weeks (rounded up)', () => {
  test('10 days is 2 weeks of 3 days', () => {
    expect(contractValue({ ...terms, days_per_week: 3, start_date: '2024-01-01', end_date: '2024-01-10', week_days: [] })).toBe(6000);
  });

  test('null week_days fall back too', () => {
    expect(workingDays({ start_date: '2024-01-01', end_date: '2024-01-14', week_days: null, days_per_week: 4 })).toBe(8);
  });

  test('never more working days than calendar days', () => {
    expect(workingDays({ start_date: '2024-01-01', end_date: '2024-01-03', days_per_week: 5 })).toBe(3);
  });
});

describe('contractValue rounding and nulls', () => {
  test('rounds to whole dollars', () => {
    expect(contractValue({ start_date: '2024-01-01', end_date: '2024-01-01', week_days: [2], hours_per_day: 7.5, hourly_rate: 101 })).toBe(
      758,
    );
    expect(
      contractValue({ start_date: '2024-01-01', end_date: '2024-01-01', week_days: [2], hours_per_day: 7.5, hourly_rate: 100.33 }),
    ).toBe(752);
  });

  test.each([
    ['no start date', { start_date: null }],
    ['no end date', { end_date: '' }],
    ['an impossible date', { end_date: '2024-02-30' }],
    ['end before start', { start_date: '2024-01-10', end_date: '2024-01-09' }],
    ['no hours', { hours_per_day: null }],
    ['hours left blank in the form', { hours_per_day: '' }],
    ['zero hours', { hours_per_day: 0 }],
    ['no rate', { hourly_rate: undefined }],
    ['a negative rate', { hourly_rate: -5 }],
    ['no week_days and no days_per_week', { week_days: [], days_per_week: null }],
    ['NaN hours', { hours_per_day: Number.NaN }],
  ])('null with %s', (_, overrides) => {
    const base = { start_date: '2024-01-01', end_date: '2024-01-14', week_days: [], ...terms };
    expect(contractValue({ ...base, ...overrides })).toBeNull();
  });
});

describe('weeksBetween (start and end included, rounded up)', () => {
  test.each([
    ['2024-01-01', '2024-01-01', 1],
    ['2024-01-01', '2024-01-07', 1],
    ['2024-01-01', '2024-01-08', 2],
    ['2024-01-01', '2024-01-31', 5],
  ])('%s to %s is %i', (start, end, weeks) => {
    expect(weeksBetween(start, end)).toBe(weeks);
  });

  test('null when not computable', () => {
    expect(weeksBetween('2024-01-08', '2024-01-01')).toBeNull();
    expect(weeksBetween(null, '2024-01-01')).toBeNull();
  });
});

describe('remainingDays (ceiling, never negative)', () => {
  const now = new Date('2030-03-10T15:00:00.000Z');
  test.each([
    ['2030-03-13T15:00:00.000Z', 3],
    ['2030-03-11T20:00:00.000Z', 2],
    ['2030-03-10T15:00:00.001Z', 1],
    ['2030-03-10T15:00:00.000Z', 0],
    ['2030-03-01T00:00:00.000Z', 0],
  ])('%s -> %i', (expiry, days) => {
    expect(remainingDays(expiry, now)).toBe(days);
  });

  test('accepts a Date; unknown expiry is null', () => {
    expect(remainingDays(new Date('2030-03-12T15:00:00.000Z'), now)).toBe(2);
    expect(remainingDays(null, now)).toBeNull();
    expect(remainingDays('whenever', now)).toBeNull();
  });
});

describe('earliestTodayAnywhere', () => {
  test('is still yesterday where the day starts last (UTC-12)', () => {
    expect(earliestTodayAnywhere(new Date('2030-03-10T11:59:00.000Z'))).toBe('2030-03-09');
    expect(earliestTodayAnywhere(new Date('2030-03-10T12:00:00.000Z'))).toBe('2030-03-10');
  });
});
