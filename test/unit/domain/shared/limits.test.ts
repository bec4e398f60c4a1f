import { applicantProfileSchema, facilityProfileSchema } from '../../../../server/src/domain/accounts';
import { counterRateSchema, proposedRateSchema } from '../../../../server/src/domain/bids';
import { jobPostingSchema } from '../../../../server/src/domain/postings';
import { MAX_HOURLY_RATE } from '../../../../server/src/domain/shared/limits';
import { isStorableText } from '../../../../server/src/domain/shared/text';

const today = '2026-03-02';
const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'CRNA',
  role_type: 'CRNA',
  start_date: '2026-03-10',
  end_date: '2026-03-20',
  week_days: [2, 3, 4],
  hourly_rate: 200,
  hours_per_day: 8,
  days_per_week: 3,
  required_license_state: 'CA',
  ...overrides,
});

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the highest hourly rate is $1,000 everywhere a rate is typed', () => {
  it('job form', () => {
    expect(jobPostingSchema({ today }).safeParse(form({ hourly_rate: MAX_HOURLY_RATE })).success).toBe(true);
    expect(messagesOf(jobPostingSchema({ today }).safeParse(form({ hourly_rate: 1001 })))).toEqual([
      ['hourly_rate', 'Hourly rate must be at most $1,000'],
    ]);
  });

  it('bids and counters', () => {
    expect(proposedRateSchema.parse(1000)).toBe(1000);
    expect(messagesOf(proposedRateSchema.safeParse(3_000_000_000))).toEqual([['', 'Rate must be at most $1,000']]);
    expect(messagesOf(counterRateSchema.safeParse('1001'))).toEqual([['', 'Counter rate must be at most $1,000']]);
  });
});

describe('posting dates stay within about two years', () => {
  it('start at most 731 days ahead; a job runs at most 731 days; expiry within the same horizon', () => {
    const parse = (overrides: Record<string, unknown>) => messagesOf(jobPostingSchema({ today }).safeParse(form(overrides)));
    expect(parse({ start_date: '2028-03-02', end_date: '2028-03-02' })).toEqual([]);
    expect(parse({ start_date: '2028-03-03', end_date: '2028-03-03' })).toEqual([
      ['start_date', 'Start date must be within 2 years from today'],
    ]);
    expect(parse({ end_date: '9999-12-31' })).toEqual([['end_date', 'A job can run for at most 2 years']]);
    expect(parse({ auto_expire_date: '2099-01-01T00:00:00Z' })).toEqual([
      ['auto_expire_date', 'Expiration date must be within 2 years from today'],
    ]);
  });
});

describe('text fits its column', () => {
  it('facility city and applicant bio', () => {
    const facility = {
      name: 'Bayview',
      address_line1: '1 Main St',
      city: 'x'.repeat(101),
      state: 'CA',
      zip_code: '92101',
      phone: '6195550100',
    };
    expect(messagesOf(facilityProfileSchema.safeParse(facility))).toEqual([['city', 'City must be at most 100 characters']]);
    const radius = applicantProfileSchema.safeParse({ preferred_radius_miles: 3001 });
    expect(messagesOf(radius)).toContainEqual(['preferred_radius_miles', 'Preferred travel radius must be at most 3,000 miles']);
  });
});

describe('isStorableText', () => {
  it.each([
    ['plain text', 'San Diego', true],
    ['emoji (a surrogate pair)', 'Great team 😀', true],
    ['a NUL character', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate at the start', '\udc00b', false],
    ['a high surrogate at the end', 'b\ud83d', false],
  ])('%s', (_, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});
