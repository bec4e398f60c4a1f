import { AccessTokens } from '../../../server/src/auth/tokens';
import { startTestApp, type TestApp } from '../../support/app';
import { adminToken, uniqueEmail } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import { act, bearer, facilityMember, placedBid, quickApplicant, quickFacility, type Applicant, type Facility } from '../bids/helpers';
import { readModelsAtHead } from '../platform/rebuild-support';
import { MarketHistory } from './history';

jest.setTimeout(120_000);

const CRNA_CA = { role_type: 'CRNA' as const, required_license_state: 'CA' };

/**
 * GET /api/insights/rates: who may ask, what it refuses, the 5-connection floor, the 90-day
 * window, and quartiles checked against a hand-computed set and against Postgres's own
 * percentile_cont over the same rows.
 */
describe('market rate insights', () => {
  let t: TestApp;
  let history: MarketHistory;
  let facility: Facility;
  let applicant: Applicant;

  const rates = (token: string | null, query: string) => {
    const call = t.http().get(`/api/insights/rates${query}`);
    return token ? call.set(bearer(token)) : call;
  };
  const settled = () => readModelsAtHead(t.db);

  beforeAll(async () => {
    t = await startTestApp();
    history = new MarketHistory(t);
    facility = await quickFacility(t, { credits: 2 });
    applicant = await quickApplicant(t);

    // CRNA in CA, in the window: 8 connections whose rates sort to 150 160 160 175 180 200 210 240.
    // One of them is made through the API (a bid, the facility's counter, the applicant's acceptance).
    const postingId = await activePosting(t, facility.token, { hourly_rate: 170 });
    const bidId = await placedBid(t, applicant.token, postingId, 185);
    expect((await act(t, facility.token, bidId, 'counter', 175)).status).toBe(200);
    expect((await act(t, applicant.token, bidId, 'accept-counter')).status).toBe(200);
    for (const [rate, daysAgo] of [
      [150, 2],
      [160, 10],
      [160, 30],
      [180, 45],
      [200, 60],
      [210, 80],
      [240, 89],
    ]) {
      await history.connection(CRNA_CA, rate, daysAgo, rate === 160);
    }
    // Outside the window, another role, another state: none of them counts for CRNA in CA.
    await history.connection(CRNA_CA, 999, 91);
    await history.connection(CRNA_CA, 998, 200);
    await history.connection({ role_type: 'Anesthesiologist', required_license_state: 'CA' }, 400);
    await history.connection({ role_type: 'CRNA', required_license_state: 'NV' }, 120);
    // Bids without a connection: one countered, one not, one submitted long ago (outside).
    await history.bid(await history.posting(CRNA_CA, 5), { submittedDaysAgo: 4, countered: true });
    await history.bid(await history.posting(CRNA_CA, 5), { submittedDaysAgo: 4 });
    await history.bid(await history.posting(CRNA_CA, 120), { submittedDaysAgo: 100, countered: true });
    // A draft never went live: its rate is not a posted rate.
    await history.posting({ ...CRNA_CA, hourly_rate: 5000 }, null);
    await settled();
  });
  afterAll(() => t?.close());

  describe('who may ask', () => {
    it('facility admins and members, applicants (pending ones too) and platform admins', async () => {
      const member = await facilityMember(t, facility.facilityId, { can_manage_bids: false });
      const pending = await quickApplicant(t, {}, { verified: false });
      for (const token of [facility.token, member.token, applicant.token, pending.token, await adminToken(t)]) {
        const response = await rates(token, '?role_type=CRNA&state=CA');
        expect(response.status).toBe(200);
        expect(response.body.enough_data).toBe(true);
      }
    });

    it('not visitors (401) nor a signed-in account that belongs to no facility (403)', async () => {
      const anonymous = await rates(null, '?role_type=CRNA&state=CA');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: 'Not authenticated. Please sign in.' });
      const [user] = await t.db.query(
        `INSERT INTO users (email, password_hash, role, email_verified, first_name, last_name)
         VALUES ($1, 'not-a-hash', 'facility_admin', true, 'Left', 'Behind') RETURNING id, token_version`,
        [uniqueEmail('former')],
      );
      const token = t.app.get(AccessTokens).sign({ id: user.id, token_version: user.token_version });
      const refused = await rates(token, '?role_type=CRNA&state=CA');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'This is only available to facility members, applicants and platform admins.' });
    });
  });

  it('refuses a missing or unknown role or state with 422 and the shared messages', async () => {
    const missing = await rates(applicant.token, '');
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { loc: ['query', 'role_type'], msg: 'role_type must be CRNA or Anesthesiologist', type: expect.any(String) },
      { loc: ['query', 'state'], msg: 'state must be a US state abbreviation (e.g., CA, NY, TX)', type: expect.any(String) },
    ]);
    for (const query of [
      '?role_type=Nurse&state=CA',
      '?role_type=CRNA&state=ZZ',
      '?role_type=CRNA&state=CA&state=NV',
      `?role_type=CRNA&state=${'x'.repeat(5000)}`,
    ]) {
      const response = await rates(applicant.token, query);
      expect({ query, status: response.status }).toEqual({ query, status: 422 });
    }
  });

  it('answers the quartiles of the window, checked by hand, beside the posted rates and the countered share', async () => {
    const response = await rates(applicant.token, '?role_type=CRNA&state=ca');
    expect(response.status).toBe(200);
    // Sorted 150 160 160 175 180 200 210 240: ranks 1.75, 3.5 and 5.25.
    expect(response.body).toEqual({
      enough_data: true,
      role_type: 'CRNA',
      state: 'CA',
      window_days: 90,
      since: expect.any(String),
      agreed: {
        count: 8,
        p25: 160,
        median: 177.5,
        p75: 202.5,
        distribution: [
          { from: 140, to: 160, count: 1 },
          { from: 160, to: 180, count: 3 },
          { from: 180, to: 200, count: 1 },
          { from: 200, to: 220, count: 2 },
          { from: 220, to: 240, count: 0 },
          { from: 240, to: 260, count: 1 },
        ],
      },
      // Published in the window: the API's posting at $170, the 7 connections' and 2 open bids'
      // postings at the form's $185; not those published 91.5, 200.5 or 120 days ago, nor the draft.
      posted: { count: 10, p25: 185, median: 185, p75: 185 },
      // Submitted in the window: the 8 connections and 2 open bids; countered: the API's, the two
      // at $160 and one open bid.
      bids: { count: 10, countered: 4, countered_share: 0.4 },
    });
    expect(Date.parse(response.body.since)).toBeCloseTo(Date.now() - 90 * 86_400_000, -5);
  });

  it('matches percentile_cont over the same rows', async () => {
    const [expected] = await t.db.query(
      `SELECT percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY agreed_rate) AS quartiles FROM market_rate_bids
        WHERE role_type = 'CRNA' AND license_state = 'CA' AND connected_at > now() - interval '90 days'`,
    );
    const { agreed } = (await rates(applicant.token, '?role_type=CRNA&state=CA')).body;
    expect([agreed.p25, agreed.median, agreed.p75]).toEqual(expected.quartiles);
  });

  it('shows nothing below 5 connections, and everything from the fifth', async () => {
    const texas = { role_type: 'Anesthesiologist' as const, required_license_state: 'TX' };
    for (const rate of [300, 320, 340, 360]) await history.connection(texas, rate, 20);
    // Old connections do not lift a role and state over the floor.
    await history.connection(texas, 380, 95);
    await settled();
    const four = await rates(applicant.token, '?role_type=Anesthesiologist&state=TX');
    expect(four.status).toBe(200);
    expect(four.body).toEqual({ enough_data: false });
    expect((await rates(applicant.token, '?role_type=CRNA&state=NY')).body).toEqual({ enough_data: false });

    await history.connection(texas, 400, 1);
    await settled();
    const five = await rates(applicant.token, '?role_type=Anesthesiologist&state=TX');
    expect(five.body).toMatchObject({ enough_data: true, agreed: { count: 5, p25: 320, median: 340, p75: 360 } });
  });

  it('counts a connection for the role and state its posting had when it was agreed', async () => {
    const oregon = { role_type: 'CRNA' as const, required_license_state: 'OR' };
    for (const rate of [190, 191, 192, 193]) await history.connection(oregon, rate, 5);
    // Posted for Washington, moved to Oregon while the bid was open, then agreed.
    const moved = await history.posting({ role_type: 'CRNA', required_license_state: 'WA' }, 10);
    await history.editPosting(moved, { required_license_state: 'OR', hourly_rate: 250 });
    await history.bid(moved, { submittedDaysAgo: 9, agreedRate: 194, agreedDaysAgo: 2 });
    await settled();
    const response = await rates(applicant.token, '?role_type=CRNA&state=OR');
    // Its posting's rate counts for Oregon too: four at the form's $185, and $250.
    expect(response.body).toMatchObject({ enough_data: true, agreed: { count: 5, median: 192 }, posted: { count: 5, median: 185 } });
    expect((await rates(applicant.token, '?role_type=CRNA&state=WA')).body).toEqual({ enough_data: false });
  });
});
