import { contractValue, defaultExpiry } from '../../../server/src/domain/postings';
import { startTestApp, TestApp } from '../../support/app';
import { signedUp, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { dateFromToday, jobForm } from '../../support/postings';
import { bearer, facilityUser, setFacilityActive, streamEvents, validationErrors } from './helpers';

jest.setTimeout(30000);

describe('POST /api/job-postings', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof verifiedFacility>>;
  const create = (token: string, body: Record<string, unknown>) => t.http().post('/api/job-postings').set(bearer(token)).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    facility = await verifiedFacility(t);
  });
  afterAll(() => t.close());

  it('creates a draft and answers 201 with its view', async () => {
    const form = jobForm();
    const before = new Date();
    const response = await create(facility.token, form);
    const after = new Date();
    expect(response.status).toBe(201);
    const posting = response.body;
    expect(posting).toMatchObject({
      title: form.title,
      status: 'draft',
      role_type: 'CRNA',
      start_date: form.start_date,
      end_date: form.end_date,
      week_days: [2, 3, 4, 5, 6],
      hourly_rate: 185,
      hours_per_day: 10,
      days_per_week: 5,
      required_license_state: 'CA',
      supervision_type: 'medically_directed',
      malpractice_amount: 12.5,
      lodging_amount: 1500,
      lodging_frequency: 'monthly',
      travel_allowance_amount: 500,
      on_call_ratio: null,
      published_at: null,
      facility_id: facility.facilityId,
      facility_name: 'Bayview Surgery Center',
      facility_city: 'San Diego',
      facility_state: 'CA',
      facility_type: 'Ambulatory Surgery Center',
      creator_first_name: 'Dana',
      creator_last_name: "O'Neil",
      creator_email: facility.email,
      procedure_types: [
        { id: 1, name: 'General Surgery' },
        { id: 2, name: 'Orthopedics' },
      ],
    });
    // 28 calendar days = 4 whole weeks of Mon-Fri: 20 days x 10 h x $185.
    expect(posting.total_contract_value).toBe(37000);
    expect(posting.total_contract_value).toBe(contractValue(form));
    // One calendar month after creation.
    const expires = Date.parse(posting.auto_expire_date);
    expect(expires).toBeGreaterThanOrEqual(Date.parse(defaultExpiry(before)));
    expect(expires).toBeLessThanOrEqual(Date.parse(defaultExpiry(after)));
    const events = await streamEvents(t, `posting-${posting.id}`);
    expect(events.map((event) => event.type)).toEqual(['PostingCreated']);
  });

  it('keeps an explicit expiry, upper-cases the license state and accepts the edges of each range', async () => {
    const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const response = await create(facility.token, {
      ...jobForm(),
      required_license_state: 'tx',
      hours_per_day: 24,
      days_per_week: 7,
      on_call_ratio: 7,
      hourly_rate: 99.6,
      malpractice_amount: 0,
      travel_allowance_amount: 0.01,
      auto_expire_date: expiry,
      start_date: dateFromToday(0),
      end_date: dateFromToday(0),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      required_license_state: 'TX',
      hours_per_day: 24,
      days_per_week: 7,
      on_call_ratio: 7,
      hourly_rate: 100,
      malpractice_amount: 0,
      travel_allowance_amount: 0.01,
      auto_expire_date: expiry,
    });
  });

  it('clears the lodging frequency when there is no lodging amount', async () => {
    const response = await create(facility.token, jobForm({ lodging_amount: null, lodging_frequency: 'weekly' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ lodging_amount: null, lodging_frequency: null });
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no title', { title: '' }, { title: 'Title is required' }],
    ['a blank title', { title: '   ' }, { title: 'Title is required' }],
    ['no role', { role_type: null }, { role_type: 'Role is required' }],
    ['no hourly rate', { hourly_rate: '' }, { hourly_rate: 'Hourly rate is required' }],
    ['a start date in the past', { start_date: dateFromToday(-2) }, { start_date: 'Start date cannot be in the past' }],
    [
      'an end before the start',
      { start_date: dateFromToday(14), end_date: dateFromToday(13) },
      { end_date: 'End date cannot be before start date' },
    ],
    ['0 days per week', { days_per_week: 0 }, { days_per_week: 'Days per week must be a whole number from 1 to 7' }],
    ['8 days per week', { days_per_week: 8 }, { days_per_week: 'Days per week must be a whole number from 1 to 7' }],
    ['2.5 days per week', { days_per_week: 2.5 }, { days_per_week: 'Days per week must be a whole number from 1 to 7' }],
    ['0.5 hours per day', { hours_per_day: 0.5 }, { hours_per_day: 'Hours per day must be between 1 and 24 in steps of 0.5' }],
    ['24.5 hours per day', { hours_per_day: 24.5 }, { hours_per_day: 'Hours per day must be between 1 and 24 in steps of 0.5' }],
    ['7.25 hours per day', { hours_per_day: 7.25 }, { hours_per_day: 'Hours per day must be between 1 and 24 in steps of 0.5' }],
    ['no license state', { required_license_state: '' }, { required_license_state: 'Required license state is required' }],
    [
      'a license state that is not a US state',
      { required_license_state: 'XX' },
      { required_license_state: 'Required license state must be a US state abbreviation (e.g., CA, NY, TX)' },
    ],
    ['an on-call ratio of 8', { on_call_ratio: 8 }, { on_call_ratio: 'On-call ratio must be a whole number from 1 to 7' }],
    [
      'a lodging amount without frequency',
      { lodging_amount: 900, lodging_frequency: null },
      { lodging_frequency: 'Please choose how often lodging is paid (weekly or monthly)' },
    ],
    ['a negative malpractice amount', { malpractice_amount: -0.01 }, { malpractice_amount: 'Malpractice amount cannot be negative' }],
    ['a negative lodging amount', { lodging_amount: -5, lodging_frequency: null }, { lodging_amount: 'Lodging amount cannot be negative' }],
    ['a negative travel allowance', { travel_allowance_amount: -1 }, { travel_allowance_amount: 'Travel allowance cannot be negative' }],
    [
      'an allowance with cents below 0.01',
      { travel_allowance_amount: 1.005 },
      { travel_allowance_amount: 'Travel allowance can have at most 2 decimal places' },
    ],
    [
      'an expiry that does not parse',
      { auto_expire_date: 'next month' },
      { auto_expire_date: 'Expiration date must be a valid date and time' },
    ],
  ];

  it.each(refusals)('refuses %s with 422 and the form message', async (_name, overrides, errors) => {
    const response = await create(facility.token, jobForm(overrides));
    expect(response.status).toBe(422);
    expect(response.body).toEqual(validationErrors(errors));
  });

  it('refuses an expiry in the past with 422', async () => {
    const response = await create(facility.token, jobForm({ auto_expire_date: new Date(Date.now() - 60_000).toISOString() }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual(validationErrors({ auto_expire_date: 'Expiration date must be in the future' }));
  });

  it('lists every broken rule at once', async () => {
    const response = await create(facility.token, jobForm({ title: '', days_per_week: 9, hours_per_day: 0 }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      validationErrors({
        title: 'Title is required',
        hours_per_day: 'Hours per day must be between 1 and 24 in steps of 0.5',
        days_per_week: 'Days per week must be a whole number from 1 to 7',
      }),
    );
  });

  it('refuses a facility that is not verified yet', async () => {
    const pending = await signedUp(t, 'facility');
    const response = await create(pending.token, jobForm());
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'Your facility must be verified before you can post jobs.' });
  });

  it('refuses a suspended facility', async () => {
    const suspended = await verifiedFacility(t);
    await setFacilityActive(t, suspended.facilityId, false);
    const response = await create(suspended.token, jobForm());
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'Your facility is suspended. Contact support to reactivate it.' });
  });

  it('refuses a member without can_create_jobs, and lets one with it create', async () => {
    const without = await facilityUser(t, facility.facilityId, { can_edit_jobs: true, can_publish_jobs: true });
    const refused = await create(without.token, jobForm());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: "You don't have permission to create job postings." });

    const withFlag = await facilityUser(t, facility.facilityId, { can_create_jobs: true }, 'Kim');
    const created = await create(withFlag.token, jobForm());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ facility_id: facility.facilityId, creator_first_name: 'Kim' });
  });

  it('refuses applicants and visitors', async () => {
    const applicant = await verifiedApplicant(t);
    const asApplicant = await create(applicant.token, jobForm());
    expect(asApplicant.status).toBe(403);
    expect(asApplicant.body).toEqual({ detail: 'This action is not available for your account type.' });

    const anonymous = await t.http().post('/api/job-postings').send(jobForm());
    expect(anonymous.status).toBe(401);
  });
});
