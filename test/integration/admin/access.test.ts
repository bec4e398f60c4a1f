import { startTestApp, TestApp } from '../../support/app';
import { adminToken, signedUp } from '../../support/accounts';
import { bearer, expectNotes, UNKNOWN_ID, unverifiedAdmin } from './helpers';

type Method = 'get' | 'put' | 'post';
interface Route {
  method: Method;
  /** With ':id' for the record's id. */
  path: string;
  body?: object;
}

const facilityProfile = {
  name: 'Renamed Surgery Center',
  address_line1: '1 Main St',
  city: 'San Diego',
  state: 'CA',
  zip_code: '92101',
  phone: '6195550100',
};

const FACILITY_ROUTES: Route[] = [
  { method: 'get', path: '/api/admin/facilities/:id' },
  { method: 'get', path: '/api/admin/facilities/:id/users' },
  { method: 'get', path: '/api/admin/facilities/:id/history' },
  { method: 'get', path: '/api/admin/facilities/:id/postings' },
  { method: 'put', path: '/api/admin/facilities/:id', body: facilityProfile },
  { method: 'put', path: '/api/admin/facilities/:id/verify?verification_status=verified' },
  { method: 'put', path: '/api/admin/facilities/:id/verify?verification_status=rejected&notes=no' },
  { method: 'put', path: '/api/admin/facilities/:id/status', body: { is_active: false, notes: 'x' } },
  { method: 'post', path: '/api/admin/facilities/:id/add-credit' },
  { method: 'post', path: '/api/admin/facilities/:id/subtract-credit' },
  { method: 'post', path: '/api/admin/facilities/:id/send-password-reset' },
];

const applicantProfile = {
  first_name: 'Sam',
  last_name: 'Rivera',
  license_number: 'RN000001',
  license_state: 'CA',
  license_expires_at: '2028-06-30',
  npi: '1234567893',
  experience_started_at: '2015-09-01',
};

const APPLICANT_ROUTES: Route[] = [
  { method: 'get', path: '/api/admin/applicants/:id' },
  { method: 'get', path: '/api/admin/applicants/:id/history' },
  { method: 'get', path: '/api/admin/applicants/:id/bids' },
  { method: 'put', path: '/api/admin/applicants/:id', body: applicantProfile },
  { method: 'put', path: '/api/admin/applicants/:id/verify?verification_status=verified' },
  { method: 'put', path: '/api/admin/applicants/:id/verify?verification_status=rejected&notes=no' },
  { method: 'put', path: '/api/admin/applicants/:id/status', body: { is_active: false, notes: 'x' } },
  { method: 'post', path: '/api/admin/applicants/:id/send-password-reset' },
];

const LIST_ROUTES: Route[] = [
  { method: 'get', path: '/api/admin/facilities' },
  { method: 'get', path: '/api/admin/applicants' },
];

const label = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

/** Who may call the admin console's API: platform admins only, and reviews need a verified admin email. */
describe('admin: access', () => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof signedUp>> & { id: string };
  let applicant: Awaited<ReturnType<typeof signedUp>> & { id: string };
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
    const f = await signedUp(t, 'facility');
    facility = { ...f, id: f.me.facility.id };
    const a = await signedUp(t, 'applicant');
    applicant = { ...a, id: a.me.applicant.id };
  });
  afterAll(() => t.close());

  const call = (route: Route, id: string, headers: Record<string, string> = {}) => {
    const request = t.http()[route.method](route.path.replace(':id', id)).set(headers);
    return route.body ? request.send(route.body) : request;
  };
  const every = () =>
    [
      ...LIST_ROUTES.map((route) => [route, '']),
      ...FACILITY_ROUTES.map((route) => [route, facility.id]),
      ...APPLICANT_ROUTES.map((route) => [route, applicant.id]),
    ] as [Route, string][];

  it('401 without a token or with a bad one, on every admin route', async () => {
    for (const [route, id] of every()) {
      for (const headers of [{}, { Authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
        const response = await call(route, id, headers);
        expect([label(route), response.status, response.body]).toEqual([
          label(route),
          401,
          { detail: 'Not authenticated. Please sign in.' },
        ]);
      }
    }
  });

  it('403 for a facility user and for an applicant on every admin route; nothing changes, nothing is sent', async () => {
    const before = {
      facility: (await t.http().get(`/api/admin/facilities/${facility.id}`).set(auth)).body,
      applicant: (await t.http().get(`/api/admin/applicants/${applicant.id}`).set(auth)).body,
      mails: t.mail.messages.length,
    };
    for (const token of [facility.token, applicant.token]) {
      for (const [route, id] of every()) {
        const response = await call(route, id, bearer(token));
        expect([label(route), response.status, response.body]).toEqual([
          label(route),
          403,
          { detail: 'Only platform administrators can do this.' },
        ]);
      }
    }
    expect((await t.http().get(`/api/admin/facilities/${facility.id}`).set(auth)).body).toEqual(before.facility);
    expect((await t.http().get(`/api/admin/applicants/${applicant.id}`).set(auth)).body).toEqual(before.applicant);
    const events = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id IN ($1, $2)`, [
      `facility-${facility.id}`,
      `applicant-${applicant.id}`,
    ]);
    expect(events[0].n).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mail.messages.length).toBe(before.mails);
  });

  it("404 'Facility not found' / 'Applicant not found' for unknown and malformed ids", async () => {
    // The other kind's id names no record of this kind either.
    for (const [routes, detail, otherId] of [
      [FACILITY_ROUTES, 'Facility not found', applicant.id],
      [APPLICANT_ROUTES, 'Applicant not found', facility.id],
    ] as const) {
      for (const route of routes) {
        for (const id of [UNKNOWN_ID, 'not-a-uuid', '12345', otherId]) {
          const response = await call(route, id, auth);
          expect([label(route), id, response.status, response.body]).toEqual([label(route), id, 404, { detail }]);
        }
      }
    }
  });

  it('checks the path id before the query: a malformed id with a bad query answers 404', async () => {
    for (const [path, detail] of [
      ['/api/admin/facilities/not-a-uuid/verify?verification_status=nope', 'Facility not found'],
      ['/api/admin/applicants/12345/verify', 'Applicant not found'],
    ]) {
      const response = await t.http().put(path).set(auth);
      expect([path, response.status, response.body]).toEqual([path, 404, { detail }]);
    }
  });

  describe('an admin whose own email address is not verified', () => {
    let admin: Awaited<ReturnType<typeof unverifiedAdmin>>;
    const LOCKED = { detail: 'Verify your own email address before verifying or rejecting accounts.' };

    beforeAll(async () => {
      admin = await unverifiedAdmin(t);
    });

    it('may not verify or reject a facility or an applicant (403); the records stay pending', async () => {
      for (const path of [
        `/api/admin/facilities/${facility.id}/verify?verification_status=verified`,
        `/api/admin/facilities/${facility.id}/verify?verification_status=rejected&notes=no`,
        `/api/admin/applicants/${applicant.id}/verify?verification_status=verified&notes=ok`,
        `/api/admin/applicants/${applicant.id}/verify?verification_status=rejected&notes=no`,
      ]) {
        const response = await t.http().put(path).set(bearer(admin.token));
        expect([path, response.status, response.body]).toEqual([path, 403, LOCKED]);
      }
      // The reason is still checked first.
      const noReason = await t
        .http()
        .put(`/api/admin/facilities/${facility.id}/verify?verification_status=rejected`)
        .set(bearer(admin.token));
      expect(noReason.status).toBe(422);
      expect((await t.http().get(`/api/admin/facilities/${facility.id}`).set(auth)).body).toMatchObject({
        verification_status: 'pending',
        verification_notes: '',
      });
      expect((await t.http().get(`/api/admin/applicants/${applicant.id}`).set(auth)).body).toMatchObject({
        verification_status: 'pending',
        verification_notes: '',
      });
    });

    it('may still read and do the other admin actions', async () => {
      const me = bearer(admin.token);
      expect((await t.http().get('/api/admin/facilities').set(me)).status).toBe(200);
      expect((await t.http().get(`/api/admin/applicants/${applicant.id}`).set(me)).status).toBe(200);
      const credited = await t.http().post(`/api/admin/facilities/${facility.id}/add-credit`).set(me);
      expect(credited.status).toBe(200);
      expect(credited.body.posting_credits).toBe(1);
      expect(credited.body.verification_notes).toMatch(/\] Posting credit added by Nora Newhire$/);
      const removed = await t.http().post(`/api/admin/facilities/${facility.id}/subtract-credit`).set(me);
      expect(removed.body.posting_credits).toBe(0);
    });

    it('once their email is verified, the same session may review', async () => {
      await t.db.query('UPDATE users SET email_verified = true WHERE lower(email) = lower($1)', [admin.email]);
      const response = await t
        .http()
        .put(`/api/admin/facilities/${facility.id}/verify?verification_status=verified`)
        .set(bearer(admin.token));
      expect(response.status).toBe(200);
      expect(response.body.verification_notes.split('\n').pop()).toMatch(/\] Verified by Nora Newhire$/);
    });
  });

  it('names an admin without a name by their email in notes and histories', async () => {
    const nameless = await unverifiedAdmin(t, { first_name: null, last_name: null });
    await t.db.query('UPDATE users SET email_verified = true WHERE lower(email) = lower($1)', [nameless.email]);
    const response = await t
      .http()
      .put(`/api/admin/applicants/${applicant.id}/verify?verification_status=verified&notes=ok`)
      .set(bearer(nameless.token));
    expect(response.status).toBe(200);
    expectNotes(response.body.verification_notes, [`Verified by ${nameless.email} (ok)`]);
    const history = await t.http().get(`/api/admin/applicants/${applicant.id}/history`).set(auth);
    expect(history.body.at(-1).actor).toEqual({ user_id: expect.any(String), side: 'admin', name: nameless.email });
  });
});
