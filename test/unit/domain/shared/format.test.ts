import {
  addressLines,
  displayPhone,
  formatAmount,
  formatCalendarDate,
  formatDate,
  formatDateRange,
  formatDatesWithWeeks,
  formatDateTime,
  formatMoney,
  formatNumericDateTime,
  formatPlace,
  formatRate,
  formatRateRange,
  formatWeeks,
  localIsoDate,
  personName,
  pluralize,
} from '../../../../server/src/domain/shared/format';

// Instants read in the local zone: build them from local clock values so the test holds anywhere.
const localInstant = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('money', () => {
  test('rates and money are US dollars rounded to whole dollars', () => {
    expect(formatMoney(1234.4)).toBe('$1,234');
    expect(formatMoney(1234.5)).toBe('$1,235');
    expect(formatRate(184.6)).toBe('$185/hr');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(undefined)).toBe('—');
  });

  test('allowances keep their cents only when they have any', () => {
    expect(formatAmount(12.5)).toBe('$12.50');
    expect(formatAmount(1500)).toBe('$1,500');
  });

  test('an hourly range reads in dollars per hour from whichever ends exist', () => {
    expect(formatRateRange(150, 200)).toBe('$150 – $200 per hour');
    expect(formatRateRange(150, null)).toBe('From $150 per hour');
    expect(formatRateRange(null, 200)).toBe('Up to $200 per hour');
    expect(formatRateRange(null, undefined)).toBe('');
  });
});

describe('the hand-built formats read as Intl en-US does', () => {
  const intlDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const intlDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  test('whole dollars, from cents to contract values, either sign', () => {
    const amounts = [1, 9, 10, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 17_543_999, 123_456_789];
    for (const amount of [0, ...amounts, ...amounts.map((value) => -value), 0.49, 1234.5, 99_999.5, -1234.6]) {
      expect(formatMoney(amount)).toBe(intlDollars.format(Math.round(amount)));
    }
    expect(formatAmount(1500)).toBe(intlDollars.format(1500));
  });

  test('a rounded-away negative amount reads $0, not -$0', () => {
    expect(formatMoney(-0.3)).toBe('$0');
  });

  test('every day of 2026 and 2028 (a leap year), and the calendar edges', () => {
    const days: string[] = ['1970-01-01', '1999-12-31', '2000-02-29', '2100-03-01', '9999-12-31'];
    for (const year of [2026, 2028]) {
      for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 86_400_000)
        days.push(new Date(ms).toISOString().slice(0, 10));
    }
    for (const day of days) expect(formatCalendarDate(day)).toBe(intlDay.format(Date.parse(`${day}T00:00:00Z`)));
  });

  test('an instant as its local date, every six hours of 2026 and across the calendar edges', () => {
    const localDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const instants = ['1970-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2000-02-29T12:00:00Z', '9999-12-31T00:00:00Z'];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 6 * 3_600_000) instants.push(new Date(ms).toISOString());
    for (const instant of instants) expect(formatDate(instant)).toBe(localDay.format(Date.parse(instant)));
  });
});

describe('calendar dates, ranges and weeks', () => {
  test('a calendar date is the same en-US short date in every time zone', () => {
    expect(formatCalendarDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatCalendarDate('2026-01-05T23:30:00-08:00')).toBe('Jan 5, 2026');
    expect(formatCalendarDate('not a date')).toBe('');
    expect(formatCalendarDate(null)).toBe('');
  });

  test('a range shows both dates in full, or the one it has', () => {
    expect(formatDateRange('2026-03-02', '2026-03-09')).toBe('Mar 2, 2026 – Mar 9, 2026');
    expect(formatDateRange('2025-12-29', '2026-01-25')).toBe('Dec 29, 2025 – Jan 25, 2026');
    expect(formatDateRange('2026-03-02', null)).toBe('Mar 2, 2026');
    expect(formatDateRange(null, undefined)).toBe('—');
  });

  test('job dates carry their length in weeks, rounded up and counting both ends', () => {
    expect(formatWeeks('2026-03-02', '2026-03-08')).toBe('1 week');
    expect(formatWeeks('2026-03-02', '2026-03-09')).toBe('2 weeks');
    expect(formatWeeks('2026-03-09', '2026-03-02')).toBe('');
    expect(formatDatesWithWeeks('2026-03-02', '2026-03-08')).toBe('Mar 2, 2026 – Mar 8, 2026 (1 week)');
    expect(formatDatesWithWeeks('2026-06-01', '2026-06-28')).toBe('Jun 1, 2026 – Jun 28, 2026 (4 weeks)');
    expect(formatDatesWithWeeks('2026-06-01', null)).toBe('Jun 1, 2026');
  });
});

describe('instants', () => {
  test('read as the local date, date and time, or the numeric note stamp', () => {
    const at = localInstant(2026, 10, 22, 14, 5);
    expect(formatDate(at)).toBe('Nov 22, 2026');
    expect(formatDateTime(at)).toBe('Nov 22, 2026, 2:05 PM');
    expect(formatNumericDateTime(at)).toBe('11/22/2026 2:05 PM');
  });

  test('missing or unreadable instants read as nothing', () => {
    for (const format of [formatDate, formatDateTime, formatNumericDateTime]) {
      expect(format(null)).toBe('');
      expect(format('soon')).toBe('');
    }
  });

  test('the local calendar date of an instant', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('places, people and phones', () => {
  test('a place and an address from whichever parts exist', () => {
    expect(formatPlace('San Diego', 'CA')).toBe('San Diego, CA');
    expect(formatPlace(null, ' CA ')).toBe('CA');
    expect(formatPlace(undefined, null)).toBe('');
    const address = { address_line1: '1 Main St', address_line2: null, city: 'San Diego', state: 'CA', zip_code: '92101' };
    expect(addressLines(address)).toEqual(['1 Main St', 'San Diego, CA 92101']);
  });

  test('a name from whichever parts exist', () => {
    expect(personName({ first_name: ' Sam ', last_name: 'Rivera' })).toBe('Sam Rivera');
    expect(personName({ first_name: null, last_name: 'Rivera' })).toBe('Rivera');
    expect(personName(null)).toBe('');
  });

  test('ten-digit phones are punctuated, anything else shown as stored', () => {
    expect(displayPhone('6195550100')).toBe('(619) 555-0100');
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(displayPhone(null)).toBe('');
  });

  test('counts with their noun', () => {
    expect(pluralize(1, 'bid')).toBe('1 bid');
    expect(pluralize(3, 'bid')).toBe('3 bids');
    expect(pluralize(0, 'child', 'children')).toBe('0 children');
  });
});
