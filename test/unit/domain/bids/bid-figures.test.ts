import { counterComparison, counterRateSchema, currentRate, experienceYears, proposedRateSchema } from '../../../../server/src/domain/bids';

describe('currentRate', () => {
  test('the latest counter, else the bid', () => {
    expect(currentRate({ proposed_rate: 140, counter_rate: null })).toBe(140);
    expect(currentRate({ proposed_rate: 140, counter_rate: 155 })).toBe(155);
  });
});

describe('counterComparison', () => {
  test.each([
    [165, 150, { percent: 10, direction: 'more' }],
    [140, 150, { percent: 7, direction: 'less' }], // 6.67 rounds to 7
    [150, 150, { percent: 0, direction: 'same' }],
    [301, 300, { percent: 0, direction: 'more' }],
    [100, 0, { percent: 0, direction: 'more' }],
  ])('%i against %i', (rate, posted, expected) => {
    expect(counterComparison(rate, posted)).toEqual(expected);
  });
});

describe('experienceYears (365.25-day years, floor, never below 0)', () => {
  const now = new Date('2030-06-15T00:00:00.000Z');
  test.each([
    ['2020-06-13', 10], // 3654 days
    // Ten calendar years with two leap days are 3652 days: 9.998 years of 365.25 days.
    ['2020-06-15', 9],
    ['2029-06-16', 0],
    ['2031-01-01', 0],
    [null, 0],
    ['not a date', 0],
  ])('started %s -> %i', (started, years) => {
    expect(experienceYears(started, now)).toBe(years);
  });

  test('accepts a Date', () => {
    expect(experienceYears(new Date('2000-01-01T00:00:00Z'), now)).toBe(30);
  });
});

describe('rate schemas (the client form and the counter_rate query)', () => {
  test('accept whole dollars, also as query strings', () => {
    expect(proposedRateSchema.parse(120)).toBe(120);
    expect(counterRateSchema.parse('135')).toBe(135);
  });

  test.each([
    [proposedRateSchema, '', 'Rate is required'],
    [proposedRateSchema, 12.5, 'Rate must be a whole number of dollars'],
    [proposedRateSchema, 0, 'Rate must be at least 1'],
    [counterRateSchema, undefined, 'Counter rate is required'],
    [counterRateSchema, '0', 'Counter rate must be at least 1'],
    [counterRateSchema, '1.5', 'Counter rate must be a whole number of dollars'],
  ])('%#: %j -> %s', (schema, input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
