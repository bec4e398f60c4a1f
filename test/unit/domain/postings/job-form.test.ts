import {
  JOB_FORM_LIMITS,
  defaultExpiry,
  jobPostingSchema,
  suggestedEndDate,
  type JobPostingInput,
} from '../../../../server/src/domain/postings';

const TODAY = '2030-03-10';
const schema = jobPostingSchema({ today: TODAY });

/** A form as the client sends it. */
const valid = {
  title: '  CRNA for GI suite ',
  role_type: 'CRNA',
  start_date: '2030-03-10',
  end_date: '2030-03-20',
  week_days: [6, 2, 2, 4],
  hourly_rate: 174.6,
  hours_per_day: 7.5,
  days_per_week: 3,
  required_license_state: 'tx',
  procedure_type_ids: [3, 1, 3],
  on_call_ratio: 4,
  supervision_type: 'medically_directed',
  malpractice_amount: 2.5,
  lodging_amount: 400,
  lodging_frequency: 'monthly',
  travel_allowance_amount: 0,
  auto_expire_date: '2030-04-10T10:00:00+02:00',
};

/** The messages per field for a form with these overrides. */
function issues(overrides: Record<string, unknown>, options = { today: TODAY }): Record<string, string[]> {
  const result = jobPostingSchema(options).safeParse({ ...valid, ...overrides });
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const parse = (overrides: Record<string, unknown>) => schema.parse({ ...valid, ...overrides }) as JobPostingInput;

describe('job form schema: a good form', () => {
  test('parses and normalises', () => {
    expect(schema.parse(valid)).toEqual({
      title: 'CRNA for GI suite',
      role_type: 'CRNA',
      start_date: '2030-03-10',
      end_date: '2030-03-20',
      week_days: [2, 4, 6],
      hourly_rate: 175,
      hours_per_day: 7.5,
      days_per_week: 3,
      required_license_state: 'TX',
      procedure_type_ids: [1, 3],
      on_call_ratio: 4,
      supervision_type: 'medically_directed',
      malpractice_amount: 2.5,
      lodging_amount: 400,
      lodging_frequency: 'monthly',
      travel_allowance_amount: 0,
      openings: 1,
      auto_expire_date: '2030-04-10T08:00:00.000Z',
    });
  });

  test('openings: a whole number from 1 to 20; left out or blank, one', () => {
    expect(parse({ openings: 3 }).openings).toBe(3);
    expect(parse({ openings: 20 }).openings).toBe(20);
    expect(parse({ openings: '' }).openings).toBe(1);
    expect(parse({ openings: null }).openings).toBe(1);
  });

  test('optional fields may be missing, null or blank and come out null or empty', () => {
    const minimal = {
      title: 'CRNA',
      role_type: 'Anesthesiologist',
      start_date: TODAY,
      end_date: TODAY,
      hourly_rate: 1,
      hours_per_day: 1,
      days_per_week: 7,
      required_license_state: 'DC',
      on_call_ratio: '',
      supervision_type: null,
      lodging_amount: '',
    };
    expect(schema.parse(minimal)).toEqual({
      ...minimal,
      week_days: [],
      procedure_type_ids: [],
      on_call_ratio: null,
      supervision_type: null,
      malpractice_amount: null,
      lodging_amount: null,
      lodging_frequency: null,
      travel_allowance_amount: null,
      openings: 1,
      auto_expire_date: null,
    });
  });
});

describe('job form schema: messages', () => {
  test.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ openings: 0 }, 'openings', 'Openings must be a whole number from 1 to 20'],
    [{ openings: 21 }, 'openings', 'Openings must be a whole number from 1 to 20'],
    [{ openings: 1.5 }, 'openings', 'Openings must be a whole number from 1 to 20'],
    [{ openings: 'two' }, 'openings', 'Openings must be a whole number from 1 to 20'],
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ title: undefined }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    [{ role_type: '' }, 'role_type', 'Role is required'],
    [{ role_type: 'Nurse' }, 'role_type', 'Role must be CRNA or Anesthesiologist'],
    [{ start_date: '' }, 'start_date', 'Start date is required'],
    [{ start_date: '2030-02-30' }, 'start_date', 'Start date must be a valid date (YYYY-MM-DD)'],
    [{ start_date: '2030-03-09' }, 'start_date', 'Start date cannot be in the past'],
    [{ end_date: undefined }, 'end_date', 'End date is required'],
    [{ end_date: '2030-03-09' }, 'end_date', 'End date cannot be before start date'],
    [{ hourly_rate: '' }, 'hourly_rate', 'Hourly rate is required'],
    [{ hourly_rate: 'ten' }, 'hourly_rate', 'Hourly rate must be a number'],
    [{ hourly_rate: 0 }, 'hourly_rate', 'Hourly rate must be at least $1'],
    [{ hourly_rate: 0.4 }, 'hourly_rate', 'Hourly rate must be at least $1'],
    [{ hours_per_day: undefined }, 'hours_per_day', 'Hours per day is required'],
    [{ hours_per_day: 0.5 }, 'hours_per_day', 'Hours per day must be between 1 and 24 in steps of 0.5'],
    [{ hours_per_day: 24.5 }, 'hours_per_day', 'Hours per day must be between 1 and 24 in steps of 0.5'],
    [{ hours_per_day: 7.25 }, 'hours_per_day', 'Hours per day must be between 1 and 24 in steps of 0.5'],
    [{ days_per_week: '' }, 'days_per_week', 'Days per week is required'],
    [{ days_per_week: 0 }, 'days_per_week', 'Days per week must be a whole number from 1 to 7'],
    [{ days_per_week: 8 }, 'days_per_week', 'Days per week must be a whole number from 1 to 7'],
    [{ days_per_week: 2.5 }, 'days_per_week', 'Days per week must be a whole number from 1 to 7'],
    [{ required_license_state: '' }, 'required_license_state', 'Required license state is required'],
    [
      { required_license_state: 'XX' },
      'required_license_state',
      'Required license state must be a US state abbreviation (e.g., CA, NY, TX)',
    ],
    [{ on_call_ratio: 0 }, 'on_call_ratio', 'On-call ratio must be a whole number from 1 to 7'],
    [{ on_call_ratio: 8 }, 'on_call_ratio', 'On-call ratio must be a whole number from 1 to 7'],
    [{ on_call_ratio: 1.5 }, 'on_call_ratio', 'On-call ratio must be a whole number from 1 to 7'],
    [{ supervision_type: 'solo' }, 'supervision_type', 'Supervision type must be medically directed or independent'],
    [{ malpractice_amount: -1 }, 'malpractice_amount', 'Malpractice amount cannot be negative'],
    [{ lodging_amount: 10.001 }, 'lodging_amount', 'Lodging amount can have at most 2 decimal places'],
    [{ travel_allowance_amount: -0.01 }, 'travel_allowance_amount', 'Travel allowance cannot be negative'],
    [{ lodging_frequency: 'daily' }, 'lodging_frequency', 'Lodging frequency must be weekly or monthly'],
    [{ lodging_frequency: null }, 'lodging_frequency', 'Please choose how often lodging is paid (weekly or monthly)'],
    [{ week_days: [0] }, 'week_days.0', 'Week days must be numbers from 1 (Sunday) to 7 (Saturday)'],
    [{ week_days: [8] }, 'week_days.0', 'Week days must be numbers from 1 (Sunday) to 7 (Saturday)'],
    [{ week_days: 'mon' }, 'week_days', 'Week days must be numbers from 1 (Sunday) to 7 (Saturday)'],
    [{ procedure_type_ids: [0] }, 'procedure_type_ids.0', 'Procedure types must be a list of procedure type ids'],
    [{ auto_expire_date: 'next month' }, 'auto_expire_date', 'Expiration date must be a valid date and time'],
  ])('%j -> %s: %s', (overrides, field, message) => {
    expect(issues(overrides)).toEqual({ [field]: [message] });
  });

  test('the end-date rule shows beside other errors (the form shows them together)', () => {
    expect(issues({ title: '', end_date: '2030-03-01' })).toEqual({
      title: ['Title is required'],
      end_date: ['End date cannot be before start date'],
    });
  });

  test('an invalid start date gives one message, not a past-date one too', () => {
    expect(issues({ start_date: 'soon' })).toEqual({ start_date: ['Start date must be a valid date (YYYY-MM-DD)'] });
  });
});

describe('job form schema: rules', () => {
  test('the rate is rounded to whole dollars', () => {
    expect(parse({ hourly_rate: 99.5 }).hourly_rate).toBe(100);
    expect(parse({ hourly_rate: 1.4 }).hourly_rate).toBe(1);
  });

  test('hours per day accepts the bounds and half hours', () => {
    for (const hours of [1, 1.5, 12, 23.5, 24]) expect(parse({ hours_per_day: hours }).hours_per_day).toBe(hours);
  });

  test('allowances accept cents', () => {
    expect(parse({ lodging_amount: 0.29, travel_allowance_amount: 1234.56 })).toMatchObject({
      lodging_amount: 0.29,
      travel_allowance_amount: 1234.56,
    });
  });

  test('lodging frequency is cleared when there is no lodging amount', () => {
    expect(parse({ lodging_amount: '', lodging_frequency: 'weekly' })).toMatchObject({ lodging_amount: null, lodging_frequency: null });
    expect(parse({ lodging_amount: 0, lodging_frequency: 'weekly' })).toMatchObject({ lodging_amount: 0, lodging_frequency: null });
  });

  test('start today is fine; the end may equal the start', () => {
    expect(parse({ start_date: TODAY, end_date: TODAY })).toMatchObject({ start_date: TODAY, end_date: TODAY });
  });

  test('editing keeps a start date that has since passed, but cannot move it into the past', () => {
    const options = { today: TODAY, existing_start_date: '2030-03-01' };
    expect(issues({ start_date: '2030-03-01' }, options)).toEqual({});
    expect(issues({ start_date: '2030-03-02' }, options)).toEqual({ start_date: ['Start date cannot be in the past'] });
  });

  test('the limits the form shows are the ones enforced', () => {
    expect(JOB_FORM_LIMITS).toMatchObject({ minHourlyRate: 1, hoursPerDay: { min: 1, max: 24, step: 0.5 } });
  });
});

describe('defaultExpiry', () => {
  test.each([
    ['2030-03-10T15:00:00.000Z', '2030-04-10T15:00:00.000Z'],
    ['2030-01-31T10:30:00.000Z', '2030-02-28T10:30:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2030-12-15T23:59:59.999Z', '2031-01-15T23:59:59.999Z'],
    ['2030-03-31T12:00:00.000Z', '2030-04-30T12:00:00.000Z'],
  ])('%s -> %s', (now, expected) => {
    expect(defaultExpiry(new Date(now))).toBe(expected);
  });
});

describe('suggestedEndDate', () => {
  test.each([
    ['2030-03-10', '', '2030-03-17'],
    ['2030-03-10', null, '2030-03-17'],
    ['2030-03-10', '2030-03-10', '2030-03-17'],
    ['2030-03-10', '2030-03-01', '2030-03-17'],
    ['2030-03-10', '2030-03-11', '2030-03-11'],
    ['2030-12-28', '', '2031-01-04'],
    ['', '2030-03-11', '2030-03-11'],
  ])('start %s, end %j -> %s', (start, end, expected) => {
    expect(suggestedEndDate(start, end)).toBe(expected);
  });
});
