import { CommandBus } from '../../../server/src/platform/command-bus';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, login, signedUp, validNpi } from '../../support/accounts';
import { bearer, expectNotes, facilityUser, ISO } from './helpers';

/**
 * The admin console's facility endpoints (spec part 2 §2, §4, §5, §7): lists, detail, users,
 * edits, verification, suspension, credits, password reset and the audit history.
 */
describe('admin: facilities', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let adminUserId: string;

  beforeAll(async () => {
    t = await startTestApp();
    auth = bearer(await adminToken(t));
    [{ id: adminUserId }] = await t.db.query(`SELECT id FROM users WHERE email = 'admin@tenens.test'`);
  });
  afterAll(() => t.close());

  const facilityIn = async (profile: Record<string, unknown> = {}) => {
    const account = await signedUp(t, 'facility', profile);
    return { ...account, id: account.me.facility.id as string };
  };
  const detail = (id: string) => t.http().get(`/api/admin/facilities/${id}`).set(auth);
  const review = (id: string, query: string) => t.http().put(`/api/admin/facilities/${id}/verify${query}`).set(auth);
  const setStatus = (id: string, body: unknown) =>
    t
      .http()
      .put(`/api/admin/facilities/${id}/status`)
      .set(auth)
      .send(body as object);
  const credit = (id: string, action: 'add-credit' | 'subtract-credit') => t.http().post(`/api/admin/facilities/${id}/${action}`).set(auth);

  describe('GET /admin/facilities', () => {
    let ids: string[];
    beforeAll(async () => {
      ids = [];
      for (const name of ['Alpha Surgical', 'Beacon Hospital', 'Cedar Pain Clinic']) ids.push((await facilityIn({ name })).id);
    });

    it('lists every facility newest first, each exactly as its detail answers, with X-Total-Count', async () => {
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM facilities');
      const response = await t.http().get('/api/admin/facilities').set(auth);
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(count));
      expect(response.body).toHaveLength(count);
      expect(response.body.slice(0, 3).map((f: { name: string }) => f.name)).toEqual([
        'Cedar Pain Clinic',
        'Beacon Hospital',
        'Alpha Surgical',
      ]);
      const created = response.body.map((f: { created_at: string }) => f.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      for (const id of ids) {
        expect(response.body.find((f: { id: string }) => f.id === id)).toEqual((await detail(id)).body);
      }
    });

    it('pages with limit and offset; the total stays the whole count', async () => {
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM facilities');
      const all = (await t.http().get('/api/admin/facilities').set(auth)).body.map((f: { id: string }) => f.id);
      const page = await t.http().get('/api/admin/facilities?limit=2&offset=1').set(auth);
      expect(page.status).toBe(200);
      expect(page.headers['x-total-count']).toBe(String(count));
      expect(page.body.map((f: { id: string }) => f.id)).toEqual(all.slice(1, 3));
      const past = await t.http().get(`/api/admin/facilities?offset=${count}`).set(auth);
      expect(past.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.headers['x-total-count']).toBe(String(count));
    });

    it.each([
      ['limit=0', [['limit', 'Too small: expected number to be >=1', 'too_small']]],
      ['limit=501', [['limit', 'Too big: expected number to be <=500', 'too_big']]],
      ['limit=ten', [['limit', 'Invalid input: expected number, received NaN', 'invalid_type']]],
      ['limit=2.5', [['limit', 'Invalid input: expected int, received number', 'invalid_type']]],
      ['offset=-1', [['offset', 'Too small: expected number to be >=0', 'too_small']]],
    ])('422 on %s', async (query, issues) => {
      const response = await t.http().get(`/api/admin/facilities?${query}`).set(auth);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail: issues.map(([field, msg, type]) => ({ loc: ['query', field], msg, type })) });
    });
  });

  describe('GET /admin/facilities/{id} and /users', () => {
    it('answers the facility with its admin user', async () => {
      const facility = await facilityIn();
      const response = await detail(facility.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: facility.id,
        name: 'Bayview Surgery Center',
        facility_type: 'Ambulatory Surgery Center',
        npi: facility.payload.profile_data.npi,
        description: null,
        phone: '6195550100',
        website: 'https://bayview.example',
        address_line1: '100 Harbor Way',
        address_line2: null,
        city: 'San Diego',
        state: 'CA',
        zip_code: '92101',
        verification_status: 'pending',
        is_active: true,
        posting_credits: 0,
        verification_notes: '',
        admin_user_id: facility.userId,
        created_at: expect.stringMatching(ISO),
        updated_at: response.body.created_at,
        admin: { first_name: 'Dana', last_name: "O'Neil", email: facility.email, email_verified: true },
      });
    });

    it("lists the facility's users, oldest first, with their user type", async () => {
      const facility = await facilityIn();
      const member = await facilityUser(t, facility.id);
      const response = await t.http().get(`/api/admin/facilities/${facility.id}/users`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          id: facility.userId,
          first_name: 'Dana',
          last_name: "O'Neil",
          email: facility.email,
          email_verified: true,
          is_active: true,
          role: 'admin',
          is_legacy_admin: true,
          user_type: 'Admin',
          created_at: expect.stringMatching(ISO),
        },
        {
          id: member.userId,
          first_name: 'Robin',
          last_name: 'Member',
          email: member.email,
          email_verified: true,
          is_active: true,
          role: 'user',
          is_legacy_admin: false,
          user_type: 'User',
          created_at: expect.stringMatching(ISO),
        },
      ]);
    });
  });

  describe('PUT /admin/facilities/{id}', () => {
    const edited = (npi: string) => ({
      name: '  Bayview Surgical Hospital ',
      facility_type: 'Specialty Hospital',
      address_line1: '200 Bay St',
      address_line2: 'Suite 4',
      city: 'Oakland',
      state: 'ca',
      zip_code: '94607-1234',
      phone: '(510) 555-0142',
      website: 'bayview-hospital.example',
      npi,
      description: 'Orthopedics and spine.',
    });

    it('saves the edited fields as the shared schema normalises them and records the admin as the actor', async () => {
      const facility = await facilityIn();
      const npi = validNpi();
      const response = await t.http().put(`/api/admin/facilities/${facility.id}`).set(auth).send(edited(npi));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: facility.id,
        name: 'Bayview Surgical Hospital',
        facility_type: 'Specialty Hospital',
        address_line1: '200 Bay St',
        address_line2: 'Suite 4',
        city: 'Oakland',
        state: 'CA',
        zip_code: '94607-1234',
        phone: '5105550142',
        website: 'https://bayview-hospital.example',
        npi,
        description: 'Orthopedics and spine.',
        verification_status: 'pending',
        verification_notes: '',
      });
      expect(response.body.updated_at > response.body.created_at).toBe(true);
      expect((await detail(facility.id)).body).toEqual(response.body);
      // Clearing the optional fields stores nulls.
      const cleared = await t
        .http()
        .put(`/api/admin/facilities/${facility.id}`)
        .set(auth)
        .send({ ...edited(npi), address_line2: '', website: '', npi: '', description: null, facility_type: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ address_line2: null, website: null, npi: null, description: null, facility_type: null });
      const history = await t.http().get(`/api/admin/facilities/${facility.id}/history`).set(auth);
      expect(history.body.map((e: { type: string }) => e.type)).toEqual([
        'FacilityRegistered',
        'FacilityProfileUpdated',
        'FacilityProfileUpdated',
      ]);
      expect(history.body[1].actor).toEqual({ user_id: adminUserId, side: 'admin', name: 'Platform Admin' });
      expect(history.body[1].data).toEqual({
        name: 'Bayview Surgical Hospital',
        facility_type: 'Specialty Hospital',
        npi,
        description: 'Orthopedics and spine.',
        phone: '5105550142',
        website: 'https://bayview-hospital.example',
        address_line1: '200 Bay St',
        address_line2: 'Suite 4',
        city: 'Oakland',
        state: 'CA',
        zip_code: '94607-1234',
        at: history.body[1].at,
      });
    });

    it('refuses invalid fields with the shared messages (422) and changes nothing', async () => {
      const facility = await facilityIn();
      const before = (await detail(facility.id)).body;
      const empty = await t.http().put(`/api/admin/facilities/${facility.id}`).set(auth).send({});
      expect(empty.status).toBe(422);
      expect(empty.body).toEqual({
        detail: ['name', 'address_line1', 'city', 'state', 'zip_code', 'phone'].map((field) => ({
          loc: ['body', field],
          msg: 'Please fill in all required fields',
          type: 'invalid_type',
        })),
      });
      const wrong = await t
        .http()
        .put(`/api/admin/facilities/${facility.id}`)
        .set(auth)
        .send({
          ...edited('123'),
          name: ' ',
          state: 'ZZ',
          zip_code: '1234',
          phone: '0195550100',
          website: 'ftp://files.example',
          facility_type: 'Spaceport',
        });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual({
        detail: [
          { loc: ['body', 'name'], msg: 'Please fill in all required fields', type: 'too_small' },
          { loc: ['body', 'facility_type'], msg: 'Please select a facility type', type: 'invalid_value' },
          { loc: ['body', 'state'], msg: 'Please enter a valid US state abbreviation (e.g., CA, NY, TX)', type: 'custom' },
          { loc: ['body', 'zip_code'], msg: 'Please enter a valid ZIP code (12345 or 12345-6789)', type: 'custom' },
          { loc: ['body', 'phone'], msg: "Please enter a valid 10-digit phone number that doesn't start with 0 or 1", type: 'custom' },
          { loc: ['body', 'website'], msg: 'Please enter a valid website URL starting with http:// or https://', type: 'custom' },
          { loc: ['body', 'npi'], msg: 'NPI must be exactly 10 digits', type: 'custom' },
        ],
      });
      const checkDigit = await t.http().put(`/api/admin/facilities/${facility.id}`).set(auth).send(edited('1234567890'));
      expect(checkDigit.status).toBe(422);
      expect(checkDigit.body).toEqual({
        detail: [{ loc: ['body', 'npi'], msg: 'This NPI is not valid. Please check the number.', type: 'custom' }],
      });
      expect((await detail(facility.id)).body).toEqual(before);
    });

    it('refuses an NPI another account holds (409) and keeps the NPI claims in step with the record', async () => {
      const facility = await facilityIn();
      const other = await facilityIn();
      const taken = other.payload.profile_data.npi as string;
      const response = await t.http().put(`/api/admin/facilities/${facility.id}`).set(auth).send(edited(taken));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: `NPI ${taken} is already registered.` });
      expect((await detail(facility.id)).body.npi).toBe(facility.payload.profile_data.npi);
      // A new NPI moves the facility's claim: its old number is free for someone else afterwards.
      const fresh = validNpi();
      expect((await t.http().put(`/api/admin/facilities/${facility.id}`).set(auth).send(edited(fresh))).status).toBe(200);
      const reuse = await t
        .http()
        .put(`/api/admin/facilities/${other.id}`)
        .set(auth)
        .send(edited(facility.payload.profile_data.npi as string));
      expect(reuse.status).toBe(200);
      const stolen = await t.http().put(`/api/admin/facilities/${other.id}`).set(auth).send(edited(fresh));
      expect(stolen.status).toBe(409);
      expect(stolen.body).toEqual({ detail: `NPI ${fresh} is already registered.` });
    });
  });

  describe('PUT /admin/facilities/{id}/verify', () => {
    it('verifies with the admin’s text in brackets, one "[timestamp] text" line per action', async () => {
      const facility = await facilityIn();
      const response = await review(facility.id, '?verification_status=verified&notes=%20%20License%20and%20NPI%20checked%20');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: facility.id, verification_status: 'verified', is_active: true });
      expectNotes(response.body.verification_notes, ['Verified by Platform Admin (License and NPI checked)']);
      const [, at] = response.body.verification_notes.match(/^\[([^\]]+)\]/);
      expect(response.body.updated_at).toBe(at);
      expect((await detail(facility.id)).body).toEqual(response.body);
    });

    it('verifies without notes as "Verified by {admin}"; a full note sent by the client is kept as it is', async () => {
      const plain = await facilityIn();
      const verified = await review(plain.id, '?verification_status=verified');
      expect(verified.status).toBe(200);
      expectNotes(verified.body.verification_notes, ['Verified by Platform Admin']);
      const full = await facilityIn();
      const rejected = await review(
        full.id,
        `?verification_status=rejected&notes=${encodeURIComponent('Rejected by Platform Admin (NPI mismatch)')}`,
      );
      expect(rejected.status).toBe(200);
      expectNotes(rejected.body.verification_notes, ['Rejected by Platform Admin (NPI mismatch)']);
    });

    it('rejects a pending facility only with a reason, then lets it be verified; state rules answer 409', async () => {
      const facility = await facilityIn();
      for (const query of [
        '?verification_status=rejected',
        '?verification_status=rejected&notes=',
        '?verification_status=rejected&notes=%20%20',
      ]) {
        const response = await review(facility.id, query);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [{ loc: ['query', 'notes'], msg: 'Please give a reason.', type: 'value_error' }] });
      }
      const rejected = await review(facility.id, '?verification_status=rejected&notes=NPI%20does%20not%20match');
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ verification_status: 'rejected', is_active: true });
      expectNotes(rejected.body.verification_notes, ['Rejected by Platform Admin (NPI does not match)']);

      // Reject is offered only while pending.
      const again = await review(facility.id, '?verification_status=rejected&notes=still%20wrong');
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: 'Only a pending facility can be rejected; this one is rejected.' });

      // A rejected facility can be verified.
      const verified = await review(facility.id, '?verification_status=verified&notes=fixed');
      expect(verified.status).toBe(200);
      expect(verified.body.verification_status).toBe('verified');
      expectNotes(verified.body.verification_notes, [
        'Rejected by Platform Admin (NPI does not match)',
        'Verified by Platform Admin (fixed)',
      ]);

      const twice = await review(facility.id, '?verification_status=verified');
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({ detail: 'This facility is already verified.' });
      const late = await review(facility.id, '?verification_status=rejected&notes=too%20late');
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ detail: 'Only a pending facility can be rejected; this one is verified.' });
      expect((await detail(facility.id)).body.verification_notes).toBe(verified.body.verification_notes);
    });

    it('422 without a valid verification_status or with notes over 2000 characters', async () => {
      const facility = await facilityIn();
      for (const query of ['', '?verification_status=pending', '?verification_status=Verified&notes=x']) {
        const response = await review(facility.id, query);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({
          detail: [
            { loc: ['query', 'verification_status'], msg: 'verification_status must be "verified" or "rejected"', type: 'invalid_value' },
          ],
        });
      }
      const long = await review(facility.id, `?verification_status=verified&notes=${'x'.repeat(2001)}`);
      expect(long.status).toBe(422);
      expect(long.body).toEqual({ detail: [{ loc: ['query', 'notes'], msg: 'Notes are limited to 2000 characters', type: 'too_big' }] });
      expect((await detail(facility.id)).body).toMatchObject({ verification_status: 'pending', verification_notes: '' });
    });
  });

  describe('PUT /admin/facilities/{id}/status', () => {
    it('suspends only a verified active facility and activates only an inactive one that is not pending', async () => {
      const facility = await facilityIn();
      // Pending: neither suspend nor activate.
      let response = await setStatus(facility.id, { is_active: false, notes: 'x' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'Only a verified, active facility can be suspended.' });
      response = await setStatus(facility.id, { is_active: true });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'This facility is already active.' });

      await review(facility.id, '?verification_status=verified');
      response = await setStatus(facility.id, { is_active: true });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'This facility is already active.' });

      // Notes are optional for a facility.
      response = await setStatus(facility.id, { is_active: false });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verification_status: 'verified', is_active: false });
      expectNotes(response.body.verification_notes, ['Verified by Platform Admin', 'Suspended by Platform Admin']);

      response = await setStatus(facility.id, { is_active: false, notes: 'again' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'Only a verified, active facility can be suspended.' });
      response = await review(facility.id, '?verification_status=verified');
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'This facility is already verified.' });

      response = await setStatus(facility.id, { is_active: true, notes: 'Invoices paid' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verification_status: 'verified', is_active: true });
      expectNotes(response.body.verification_notes, [
        'Verified by Platform Admin',
        'Suspended by Platform Admin',
        'Activated by Platform Admin (Invoices paid)',
      ]);

      response = await setStatus(facility.id, { is_active: false, notes: 'Unpaid invoices' });
      expect(response.status).toBe(200);
      expect(response.body.verification_notes.split('\n').pop()).toMatch(/\] Suspended by Platform Admin \(Unpaid invoices\)$/);
    });

    it('a rejected facility (still active) can be neither suspended nor activated', async () => {
      const facility = await facilityIn();
      await review(facility.id, '?verification_status=rejected&notes=no');
      const suspend = await setStatus(facility.id, { is_active: false, notes: 'x' });
      expect(suspend.status).toBe(409);
      expect(suspend.body).toEqual({ detail: 'Only a verified, active facility can be suspended.' });
      const activate = await setStatus(facility.id, { is_active: true, notes: 'x' });
      expect(activate.status).toBe(409);
      expect(activate.body).toEqual({ detail: 'This facility is already active.' });
    });

    it('422 without a boolean is_active or with notes over 2000 characters; nothing changes', async () => {
      const facility = await facilityIn();
      await review(facility.id, '?verification_status=verified');
      const cases: [unknown, string, string, string][] = [
        [{}, 'is_active', 'is_active must be true or false', 'invalid_type'],
        [{ is_active: 'false', notes: 'x' }, 'is_active', 'is_active must be true or false', 'invalid_type'],
        [{ is_active: false, notes: 'x'.repeat(2001) }, 'notes', 'Notes are limited to 2000 characters', 'too_big'],
      ];
      for (const [body, field, msg, type] of cases) {
        const response = await setStatus(facility.id, body);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: [{ loc: ['body', field], msg, type }] });
      }
      expect((await detail(facility.id)).body.is_active).toBe(true);
    });

    it('an inactive facility still pending (a state only an older log can hold) cannot be activated', async () => {
      const record = await facilityIn();
      // No command leads there today; the event is appended as a migrated log would hold it.
      await t.app
        .get(CommandBus)
        .append(
          `facility-${record.id}`,
          [{ type: 'FacilitySuspended', data: { notes: 'Imported', at: new Date().toISOString() } }],
          'any',
          {
            actor: { user_id: null, side: 'system', name: null },
          },
        );
      expect((await detail(record.id)).body).toMatchObject({ verification_status: 'pending', is_active: false });
      const response = await setStatus(record.id, { is_active: true, notes: 'x' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'A pending facility must be verified, not activated.' });
    });
  });

  describe('posting credits', () => {
    it('adds and removes one credit at a time, each with a notes line; removing at 0 is refused (409)', async () => {
      const facility = await facilityIn();
      const refused = await credit(facility.id, 'subtract-credit');
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: 'This facility has no posting credits to remove.' });

      const first = await credit(facility.id, 'add-credit');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: facility.id, posting_credits: 1 });
      expect((await credit(facility.id, 'add-credit')).body.posting_credits).toBe(2);
      const removed = await credit(facility.id, 'subtract-credit');
      expect(removed.status).toBe(200);
      expect(removed.body.posting_credits).toBe(1);
      expect((await credit(facility.id, 'subtract-credit')).body.posting_credits).toBe(0);

      const atZero = await credit(facility.id, 'subtract-credit');
      expect(atZero.status).toBe(409);
      expect(atZero.body).toEqual({ detail: 'This facility has no posting credits to remove.' });
      const after = (await detail(facility.id)).body;
      expect(after.posting_credits).toBe(0);
      expectNotes(after.verification_notes, [
        'Posting credit added by Platform Admin',
        'Posting credit added by Platform Admin',
        'Posting credit removed by Platform Admin',
        'Posting credit removed by Platform Admin',
      ]);
      // The facility's own account sees the same balance.
      const me = await t.http().get('/api/users/me').set(bearer(facility.token));
      expect(me.body.facility.posting_credits).toBe(0);
    });
  });

  describe('POST /admin/facilities/{id}/send-password-reset', () => {
    it("emails a working reset link to the facility's admin user", async () => {
      const facility = await facilityIn();
      const response = await t.http().post(`/api/admin/facilities/${facility.id}/send-password-reset`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Password reset email sent successfully' });
      const link = await t.mail.linkFrom(facility.email, /reset your tenens password/i);
      expect(link).toMatch(/\/reset-password\?token=/);
      const token = new URL(link).searchParams.get('token')!;
      const reset = await t.http().post(`/api/auth/reset-password?token=${encodeURIComponent(token)}&new_password=Changed456`);
      expect(reset.status).toBe(200);
      expect(await login(t, facility.email, 'Changed456')).toEqual(expect.any(String));
    });
  });

  describe('GET /admin/facilities/{id}/history', () => {
    it('answers every event in order with its actor (side and name), time and data', async () => {
      const facility = await facilityIn();
      await review(facility.id, '?verification_status=verified&notes=docs%20ok');
      await credit(facility.id, 'add-credit');
      await credit(facility.id, 'subtract-credit');
      await setStatus(facility.id, { is_active: false, notes: 'Unpaid invoices' });
      await setStatus(facility.id, { is_active: true });
      const response = await t.http().get(`/api/admin/facilities/${facility.id}/history`).set(auth);
      expect(response.status).toBe(200);
      const admin = { user_id: adminUserId, side: 'admin', name: 'Platform Admin' };
      const entry = (version: number, type: string, actor: object, data: object) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        version,
        type,
        at: expect.stringMatching(ISO),
        actor,
        data: { ...data, at: response.body[version].at },
      });
      expect(response.body).toEqual([
        entry(
          0,
          'FacilityRegistered',
          { user_id: facility.userId, side: 'facility', name: "Dana O'Neil" },
          {
            facility_id: facility.id,
            admin_user_id: facility.userId,
            name: 'Bayview Surgery Center',
            facility_type: 'Ambulatory Surgery Center',
            npi: facility.payload.profile_data.npi,
            description: null,
            phone: '6195550100',
            website: 'https://bayview.example',
            address_line1: '100 Harbor Way',
            address_line2: null,
            city: 'San Diego',
            state: 'CA',
            zip_code: '92101',
          },
        ),
        entry(1, 'FacilityVerified', admin, { notes: 'Verified by Platform Admin (docs ok)' }),
        entry(2, 'PostingCreditAdded', admin, { credits: 1 }),
        entry(3, 'PostingCreditRemoved', admin, { credits: 1 }),
        entry(4, 'FacilitySuspended', admin, { notes: 'Suspended by Platform Admin (Unpaid invoices)' }),
        entry(5, 'FacilityActivated', admin, { notes: 'Activated by Platform Admin' }),
      ]);
      const times = response.body.map((e: { at: string }) => e.at);
      expect([...times].sort()).toEqual(times);
      // The admin notes carry the same moments as the history.
      const notes = (await detail(facility.id)).body.verification_notes.split('\n');
      expect(notes.map((line: string) => line.slice(1, line.indexOf(']')))).toEqual(times.slice(1));
    });
  });
});
