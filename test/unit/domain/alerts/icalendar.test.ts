import { jobCalendar } from '../../../../server/src/domain/bids/job-calendar';
import { escapeText, foldLine } from '../../../../server/src/domain/shared/icalendar';

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const value = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.split(/[:;]/)[0] === name)
    ?.replace(/^[^:]*:/, '');

const INPUT = {
  bid_id: '4f1c2b9e-0000-4000-8000-000000000001',
  title: 'CRNA; cardiac, nights',
  facility_name: 'Bayview Surgery Center',
  // 2026-12-05 is a Saturday: the first Monday-to-Friday working day is the 7th.
  start_date: '2026-12-05',
  end_date: '2027-01-08',
  week_days: [2, 3, 4, 5, 6],
  location: '100 Harbor Way, San Diego, CA 92101',
  rate_text: '$185/hr agreed',
  url: 'https://tenens.example/jobs/1',
  now: new Date('2026-11-24T10:00:00Z'),
};

describe('the iCalendar writer', () => {
  it('escapes text values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it("writes the job's working days from the first one on or after the start, at the facility", () => {
    const ics = jobCalendar(INPUT);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(value(ics, 'DTSTART')).toBe('20261207');
    expect(value(ics, 'DTEND')).toBe('20261208');
    expect(value(ics, 'RRULE')).toBe('FREQ=WEEKLY;UNTIL=20270108;BYDAY=MO,TU,WE,TH,FR');
    expect(value(ics, 'SUMMARY')).toBe('CRNA\\; cardiac\\, nights at Bayview Surgery Center');
    expect(value(ics, 'LOCATION')).toBe('100 Harbor Way\\, San Diego\\, CA 92101');
    expect(value(ics, 'DTSTAMP')).toBe('20261124T100000Z');
    expect(value(ics, 'UID')).toBe(`${INPUT.bid_id}@tenens`);
  });

  it('spans the whole assignment when no working days are named', () => {
    const ics = jobCalendar({ ...INPUT, week_days: [] });
    expect(value(ics, 'DTSTART')).toBe('20261205');
    expect(value(ics, 'DTEND')).toBe('20270109');
    expect(value(ics, 'RRULE')).toBeUndefined();
  });
});
