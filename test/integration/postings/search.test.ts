import { startTestApp, TestApp } from '../../support/app';
import { verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting, dateFromToday, draftPosting } from '../../support/postings';
import { bearer, setFacilityActive } from './helpers';

jest.setTimeout(30000);

describe('GET /api/job-postings (search)', () => {
  let t: TestApp;
  let applicantToken: string;
  let suspendable: Awaited<ReturnType<typeof verifiedFacility>>;
  /** The live postings, by name. */
  const ids: Record<'a1' | 'a2' | 'b1' | 'b2' | 'c1', string> = {} as never;
  const names = new Map<string, string>();
  let draftId: string;
  let withdrawnId: string;

  async function search(query = '') {
    const response = await t.http().get(`/api/job-postings${query ? `?${query}` : ''}`);
    if (response.status !== 200) throw new Error(`search ${query}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { job_postings: { id: string }[]; total: number };
  }
  /** The names of the postings a search answers, in its order. */
  async function found(query = '') {
    return (await search(query)).job_postings.map((posting) => names.get(posting.id) ?? posting.id);
  }

  beforeAll(async () => {
    t = await startTestApp();
    const [a, b, c, applicant] = await Promise.all([
      verifiedFacility(t, { credits: 3 }),
      verifiedFacility(t, {
        credits: 2,
        profile: { name: 'Lakeside Hospital', facility_type: 'Hospital', city: 'Austin', state: 'TX', zip_code: '73301' },
      }),
      verifiedFacility(t, {
        credits: 1,
        profile: { name: 'Capitol Pain Clinic', facility_type: 'Pain Management Clinic', city: 'Sacramento', state: 'CA' },
      }),
      verifiedApplicant(t),
    ]);
    suspendable = c;
    applicantToken = applicant.token;
    // Published in this order, so newest first is c1, b2, a2, b1, a1.
    ids.a1 = await activePosting(t, a.token);
    ids.b1 = await activePosting(t, b.token, {
      hourly_rate: 210,
      required_license_state: 'TX',
      procedure_type_ids: [2, 5],
      on_call_ratio: 2,
      supervision_type: 'independent',
      malpractice_amount: 0,
      start_date: dateFromToday(30),
      end_date: dateFromToday(36),
    });
    ids.a2 = await activePosting(t, a.token, {
      hourly_rate: 150,
      procedure_type_ids: [3],
      on_call_ratio: 3,
      supervision_type: 'independent',
      malpractice_amount: null,
      start_date: dateFromToday(7),
      end_date: dateFromToday(8),
      week_days: [],
    });
    withdrawnId = await activePosting(t, a.token, { hourly_rate: 999 });
    const withdrawn = await t.http().delete(`/api/job-postings/${withdrawnId}`).set(bearer(a.token));
    expect(withdrawn.status).toBe(200);
    ids.b2 = await activePosting(t, b.token, {
      hourly_rate: 120,
      hours_per_day: 12,
      required_license_state: 'TX',
      procedure_type_ids: [],
      supervision_type: null,
      malpractice_amount: 5,
      start_date: dateFromToday(21),
      end_date: dateFromToday(48),
      week_days: [1, 2, 3, 4, 5, 6, 7],
      days_per_week: 7,
    });
    ids.c1 = await activePosting(t, c.token, { hourly_rate: 300, start_date: dateFromToday(15), end_date: dateFromToday(42) });
    draftId = await draftPosting(t, a.token, { hourly_rate: 500 });
    for (const [name, id] of Object.entries(ids)) names.set(id, name);
  });
  afterAll(() => t.close());

  it('lists only active postings, newest first, with the total, to visitors and applicants alike', async () => {
    const all = await search();
    expect(all.total).toBe(5);
    expect(all.job_postings.map((posting) => names.get(posting.id))).toEqual(['c1', 'b2', 'a2', 'b1', 'a1']);
    expect(all.job_postings.map((posting) => posting.id)).not.toEqual(expect.arrayContaining([draftId]));
    expect(all.job_postings.map((posting) => posting.id)).not.toEqual(expect.arrayContaining([withdrawnId]));
    const asApplicant = await t.http().get('/api/job-postings').set(bearer(applicantToken));
    expect(asApplicant.status).toBe(200);
    expect(asApplicant.body).toEqual(all);
  });

  it('answers the public view of each posting', async () => {
    const { job_postings } = await search('location=austin&sort=rate_desc');
    expect(job_postings[0]).toMatchObject({
      id: ids.b1,
      status: 'active',
      facility_name: 'Lakeside Hospital',
      facility_type: 'Hospital',
      facility_city: 'Austin',
      facility_state: 'TX',
      hourly_rate: 210,
      on_call_ratio: 2,
      total_contract_value: 10500,
      procedure_types: [
        { id: 2, name: 'Orthopedics' },
        { id: 5, name: 'Sports Medicine / Arthroscopy' },
      ],
    });
    for (const field of ['creator_first_name', 'creator_last_name', 'creator_email', 'bid_count', 'facility_id', 'created_by']) {
      expect(job_postings[0]).not.toHaveProperty(field);
    }
  });

  it.each([
    ['location=san', ['a2', 'a1']],
    ['location=SAN%20D', ['a2', 'a1']],
    ['location=sa', ['c1', 'a2', 'a1']],
    ['location=Austin', ['b2', 'b1']],
    ['location=diego', []],
    ['location=tx', ['b2', 'b1']],
    ['location=CA', ['c1', 'a2', 'a1']],
    ['location=%20%20', ['c1', 'b2', 'a2', 'b1', 'a1']],
    ['license=TX', ['b2', 'b1']],
    ['license=ca', ['c1', 'a2', 'a1']],
    ['license=NY', []],
    ['procedure_types=2', ['c1', 'b1', 'a1']],
    ['procedure_types=3,5', ['a2', 'b1']],
    ['procedure_types=3&procedure_types=5', ['a2', 'b1']],
    ['procedure_types=26', []],
    ['on_call=with_call', ['a2', 'b1']],
    ['on_call=no_call', ['c1', 'b2', 'a1']],
    ['on_call=any', ['c1', 'b2', 'a2', 'b1', 'a1']],
    ['supervision=independent', ['a2', 'b1']],
    ['supervision=medically_directed', ['c1', 'a1']],
    ['supervision=any', ['c1', 'b2', 'a2', 'b1', 'a1']],
    ['malpractice=provided', ['c1', 'b2', 'a1']],
    ['malpractice=any', ['c1', 'b2', 'a2', 'b1', 'a1']],
    ['license=CA&on_call=no_call&malpractice=provided&procedure_types=1', ['c1', 'a1']],
    ['location=sa&supervision=independent', ['a2']],
  ])('filters by %s', async (query, expected) => {
    const result = await search(query);
    expect(result.job_postings.map((posting) => names.get(posting.id))).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });

  it.each([
    ['newest', ['c1', 'b2', 'a2', 'b1', 'a1']],
    ['rate_desc', ['c1', 'b1', 'a1', 'a2', 'b2']],
    ['rate_asc', ['b2', 'a2', 'a1', 'b1', 'c1']],
    ['start_date', ['a2', 'a1', 'c1', 'b2', 'b1']],
    ['contract_value_desc', ['c1', 'b2', 'a1', 'b1', 'a2']],
  ])('sorts by %s', async (sort, expected) => {
    expect(await found(`sort=${sort}`)).toEqual(expected);
  });

  it('pages with limit and offset, always with the total', async () => {
    const pages = [];
    for (const offset of [0, 2, 4, 6]) pages.push(await search(`limit=2&offset=${offset}&sort=rate_desc`));
    expect(pages.map((page) => page.job_postings.map((posting) => names.get(posting.id)))).toEqual([
      ['c1', 'b1'],
      ['a1', 'a2'],
      ['b2'],
      [],
    ]);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5, 5]);
  });

  it('drops the postings of a suspended facility and brings them back on activation', async () => {
    await setFacilityActive(t, suspendable.facilityId, false);
    try {
      expect(await found()).toEqual(['b2', 'a2', 'b1', 'a1']);
      expect((await search('location=sa')).total).toBe(2);
      const hidden = await t.http().get(`/api/job-postings/${ids.c1}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ detail: 'Job posting not found' });
      const own = await t.http().get(`/api/job-postings/${ids.c1}`).set(bearer(suspendable.token));
      expect(own.status).toBe(200);
    } finally {
      await setFacilityActive(t, suspendable.facilityId, true);
    }
    expect(await found()).toEqual(['c1', 'b2', 'a2', 'b1', 'a1']);
    expect((await t.http().get(`/api/job-postings/${ids.c1}`)).status).toBe(200);
  });

  it.each([
    ['sort=bogus', 'sort', 'sort must be one of newest, rate_desc, rate_asc, start_date, contract_value_desc'],
    ['limit=0', 'limit', 'limit must be between 1 and 100'],
    ['limit=101', 'limit', 'limit must be between 1 and 100'],
    ['offset=-1', 'offset', 'offset cannot be negative'],
    ['license=ZZ', 'license', 'license must be a US state code'],
    ['procedure_types=abc', 'procedure_types', 'procedure_types must be a comma-separated list of ids'],
  ])('refuses %s with 422', async (query, field, msg) => {
    const response = await t.http().get(`/api/job-postings?${query}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [expect.objectContaining({ loc: ['query', field], msg })] });
  });

  it.each([
    'limit=abc',
    'limit=1.5',
    'limit=',
    'offset=abc',
    'offset=1e400',
    'offset=99999999999999999999',
    'offset=1e21',
    'offset=4294967296',
    'procedure_types=99999999999',
    'procedure_types=2147483648,2',
    'procedure_types=,,',
    'procedure_types=-1',
    'procedure_types[x]=1',
    'on_call=maybe',
    'supervision=none',
    'malpractice=yes',
    'sort[]=newest',
    'location[a]=b',
    'location=a&location=b',
    'location=%00',
    'location=s%00an',
    'location=%ZZ',
    'location=%25',
    'location=_',
    'location=%5C',
    `location=${'x'.repeat(101)}`,
    'license=%00',
    'unknown=1',
  ])('never fails with 500 for junk: %s', async (query) => {
    const response = await t.http().get(`/api/job-postings?${query}`);
    expect([200, 400, 422]).toContain(response.status);
    if (response.status === 200)
      expect(response.body).toEqual({ job_postings: expect.any(Array), total: expect.any(Number), total_capped: false });
  });

  it('treats LIKE wildcards in the location as text', async () => {
    for (const location of ['%25', '_', '%5C', 's%25', 's_n']) expect((await search(`location=${location}`)).total).toBe(0);
  });

  it('ignores NUL characters in the location', async () => {
    expect(await found('location=s%00an')).toEqual(['a2', 'a1']);
  });

  it('matches nothing, rather than failing, for procedure ids beyond any id', async () => {
    expect(await search('procedure_types=99999999999')).toEqual({ job_postings: [], total: 0, total_capped: false });
    expect(await found('procedure_types=2147483648,3')).toEqual(['a2']);
  });

  it('answers an empty page, with the total, for an offset past the end', async () => {
    expect(await search('offset=9007199254740991')).toEqual({ job_postings: [], total: 5, total_capped: false });
    expect(await search('offset=5')).toEqual({ job_postings: [], total: 5, total_capped: false });
  });
});
