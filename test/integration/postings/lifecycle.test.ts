import { randomUUID } from 'node:crypto';
import { contractValue } from '../../../server/src/domain/postings';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, verifiedApplicant, verifiedFacility } from '../../support/accounts';
import { activePosting, draftPosting, jobForm } from '../../support/postings';
import { bearer, facilityUser, postingCredits, searchIds, streamEvents } from './helpers';

jest.setTimeout(30000);

const CREATOR_FIELDS = ['creator_first_name', 'creator_last_name', 'creator_email'];
const NOT_FOUND = { detail: 'Job posting not found' };

describe('a job posting from draft to withdrawn and back', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof verifiedFacility>>;
  let other: Awaited<ReturnType<typeof verifiedFacility>>;
  let applicant: Awaited<ReturnType<typeof verifiedApplicant>>;
  let admin: string;

  const get = (id: string, token?: string) => {
    const call = t.http().get(`/api/job-postings/${id}`);
    return token ? call.set(bearer(token)) : call;
  };
  const publish = (id: string, token = owner.token) => t.http().post(`/api/job-postings/${id}/publish`).set(bearer(token));
  const withdraw = (id: string, token = owner.token) => t.http().delete(`/api/job-postings/${id}`).set(bearer(token));
  const reactivate = (id: string, token = owner.token) => t.http().post(`/api/job-postings/${id}/reactivate`).set(bearer(token));
  const edit = (id: string, body: Record<string, unknown>, token = owner.token) =>
    t.http().put(`/api/job-postings/${id}`).set(bearer(token)).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    [owner, other, applicant, admin] = await Promise.all([
      verifiedFacility(t, { credits: 8 }),
      verifiedFacility(t, { profile: { name: 'Lakeside Hospital', city: 'Austin', state: 'TX' } }),
      verifiedApplicant(t),
      adminToken(t),
    ]);
  });
  afterAll(() => t.close());

  describe('GET /api/job-postings/{id}', () => {
    it('hides a draft from visitors, applicants and other facilities', async () => {
      const id = await draftPosting(t, owner.token);
      for (const token of [undefined, applicant.token, other.token]) {
        const response = await get(id, token);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(NOT_FOUND);
      }
    });

    it('shows a draft with its creator to its facility and to admins', async () => {
      const id = await draftPosting(t, owner.token);
      for (const token of [owner.token, admin]) {
        const response = await get(id, token);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          id,
          status: 'draft',
          creator_first_name: 'Dana',
          creator_last_name: "O'Neil",
          creator_email: owner.email,
          actions: ['edit', 'publish'],
        });
      }
    });

    it('shows a live posting to everyone, without creator details outside the facility', async () => {
      const id = await activePosting(t, owner.token);
      for (const token of [undefined, applicant.token, other.token]) {
        const response = await get(id, token);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id, status: 'active', facility_name: 'Bayview Surgery Center', hourly_rate: 185 });
        for (const field of [...CREATOR_FIELDS, 'bid_count', 'actions', 'facility_id']) expect(response.body).not.toHaveProperty(field);
      }
      const privileged = await get(id, admin);
      expect(privileged.body).toMatchObject({ id, creator_email: owner.email, bid_count: 0 });
    });

    it('answers 404 for a posting that does not exist', async () => {
      const response = await get(randomUUID());
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    });
  });

  describe('PUT /api/job-postings/{id}', () => {
    it('applies an edit at once and recomputes the contract value', async () => {
      const id = await draftPosting(t, owner.token);
      const changes = jobForm({ title: 'Lead CRNA, orthopedics', hourly_rate: 200, week_days: [2, 4, 6], hours_per_day: 8 });
      const response = await edit(id, changes);
      expect(response.status).toBe(200);
      // 4 whole weeks of Mon, Wed, Fri: 12 days x 8 h x $200.
      expect(response.body).toMatchObject({ id, title: 'Lead CRNA, orthopedics', hourly_rate: 200, total_contract_value: 19200 });
      expect(contractValue(changes)).toBe(19200);
      const read = await get(id, owner.token);
      expect(read.body).toMatchObject({
        title: 'Lead CRNA, orthopedics',
        hourly_rate: 200,
        week_days: [2, 4, 6],
        total_contract_value: 19200,
      });
      const events = await streamEvents(t, `posting-${id}`);
      expect(events.map((event) => event.type)).toEqual(['PostingCreated', 'PostingEdited']);
      expect(Object.keys(events[1].data.changes).sort()).toEqual(['hourly_rate', 'hours_per_day', 'title', 'week_days']);
    });

    it('edits a live posting; its expiry is fixed once published', async () => {
      const id = await activePosting(t, owner.token);
      const moved = await edit(id, jobForm({ auto_expire_date: new Date(Date.now() + 90 * 86_400_000).toISOString() }));
      expect(moved.status).toBe(422);
      expect(moved.body).toEqual({
        detail: [
          {
            loc: ['body', 'auto_expire_date'],
            msg: 'The expiration date of a published posting cannot be changed; it ends with the paid period.',
            type: 'value_error',
          },
        ],
      });
      const renamed = await edit(id, jobForm({ title: 'Renamed while live' }));
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ status: 'active', title: 'Renamed while live' });
      const seen = await t.http().get('/api/job-postings?limit=100');
      expect(seen.body.job_postings.find((posting: { id: string }) => posting.id === id)).toMatchObject({ title: 'Renamed while live' });
    });

    it('refuses another facility, a member without can_edit_jobs, applicants and bad forms', async () => {
      const id = await draftPosting(t, owner.token);
      const otherFacility = await edit(id, jobForm({ title: 'Hijacked' }), other.token);
      expect(otherFacility.status).toBe(403);
      expect(otherFacility.body).toEqual({ detail: 'This job posting belongs to another facility.' });

      const member = await facilityUser(t, owner.facilityId, { can_create_jobs: true, can_publish_jobs: true });
      const noFlag = await edit(id, jobForm({ title: 'Hijacked' }), member.token);
      expect(noFlag.status).toBe(403);
      expect(noFlag.body).toEqual({ detail: "You don't have permission to edit job postings." });

      const asApplicant = await edit(id, jobForm({ title: 'Hijacked' }), applicant.token);
      expect(asApplicant.status).toBe(403);
      expect(asApplicant.body).toEqual({ detail: 'This action is not available for your account type.' });

      const invalid = await edit(id, jobForm({ end_date: '2000-01-01' }));
      expect(invalid.status).toBe(422);
      expect(invalid.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'end_date'], msg: 'End date cannot be before start date' }),
      ]);

      const missing = await edit(randomUUID(), jobForm());
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(NOT_FOUND);

      expect((await get(id, owner.token)).body.title).toBe(jobForm().title);
    });
  });

  describe('POST /api/job-postings/{id}/publish', () => {
    it('spends a posting credit and goes live', async () => {
      const id = await draftPosting(t, owner.token);
      const credits = await postingCredits(t, owner.token);
      expect(await searchIds(t)).not.toContain(id);
      const before = Date.now();
      const response = await publish(id);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, status: 'active', requires_payment: false, actions: ['edit', 'withdraw'] });
      expect(Date.parse(response.body.published_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(await postingCredits(t, owner.token)).toBe(credits - 1);
      const facilityEvents = await streamEvents(t, `facility-${owner.facilityId}`);
      expect(facilityEvents.filter((event) => event.type === 'PostingCreditConsumed' && event.data.posting_id === id)).toHaveLength(1);
      expect((await streamEvents(t, `posting-${id}`)).map((event) => event.type)).toEqual(['PostingCreated', 'PostingPublished']);
      expect(await searchIds(t)).toContain(id);
    });

    it('without a credit answers requires_payment and leaves the posting a draft', async () => {
      const id = await draftPosting(t, other.token);
      const response = await publish(id, other.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, status: 'draft', requires_payment: true, payment_pending: true, published_at: null });
      expect(await postingCredits(t, other.token)).toBe(0);
      expect((await streamEvents(t, `posting-${id}`)).map((event) => event.type)).toEqual(['PostingCreated', 'PostingPaymentRequired']);
      expect(await searchIds(t)).not.toContain(id);
      expect((await get(id)).status).toBe(404);
    });

    it('refuses an active posting with 409 and spends nothing', async () => {
      const id = await activePosting(t, owner.token);
      const credits = await postingCredits(t, owner.token);
      const response = await publish(id);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: 'This job posting is already active.' });
      expect(await postingCredits(t, owner.token)).toBe(credits);
    });

    it('refuses another facility and a member without can_publish_jobs', async () => {
      const id = await draftPosting(t, owner.token);
      const credits = await postingCredits(t, owner.token);
      const otherFacility = await publish(id, other.token);
      expect(otherFacility.status).toBe(403);
      expect(otherFacility.body).toEqual({ detail: 'This job posting belongs to another facility.' });
      const member = await facilityUser(t, owner.facilityId, { can_create_jobs: true, can_edit_jobs: true });
      const noFlag = await publish(id, member.token);
      expect(noFlag.status).toBe(403);
      expect(noFlag.body).toEqual({ detail: "You don't have permission to publish job postings." });
      const missing = await publish(randomUUID());
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(NOT_FOUND);
      expect(await postingCredits(t, owner.token)).toBe(credits);
      expect((await get(id, owner.token)).body.status).toBe('draft');
    });
  });

  describe('DELETE /api/job-postings/{id} and POST /api/job-postings/{id}/reactivate', () => {
    it('withdraws a live posting out of search and reactivates it back with a credit, for a new period', async () => {
      const id = await activePosting(t, owner.token);
      const withdrawn = await withdraw(id);
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body).toMatchObject({ id, status: 'withdrawn', actions: ['edit', 'reactivate'] });
      expect(await searchIds(t)).not.toContain(id);
      expect((await get(id)).body.status).toBe('withdrawn');

      const again = await withdraw(id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: 'This job posting is already withdrawn.' });
      const republish = await publish(id);
      expect(republish.status).toBe(409);
      expect(republish.body).toEqual({ detail: 'This job posting was withdrawn; reactivate it instead.' });

      // Billing stopped at the withdrawal: coming back costs a credit, like publishing.
      const credits = await postingCredits(t, owner.token);
      const reactivated = await reactivate(id);
      expect(reactivated.status).toBe(200);
      expect(reactivated.body).toMatchObject({ id, status: 'active', requires_payment: false });
      expect(await postingCredits(t, owner.token)).toBe(credits - 1);
      expect(await searchIds(t)).toContain(id);
      expect((await streamEvents(t, `posting-${id}`)).map((event) => event.type)).toEqual([
        'PostingCreated',
        'PostingPublished',
        'PostingWithdrawn',
        'PostingPublished',
      ]);
    });

    it('reactivating without a credit answers requires_payment and the posting waits, withdrawn', async () => {
      const facility = await verifiedFacility(t, { credits: 1 });
      const id = await activePosting(t, facility.token);
      expect((await withdraw(id, facility.token)).status).toBe(200);
      const reactivated = await reactivate(id, facility.token);
      expect(reactivated.status).toBe(200);
      expect(reactivated.body).toMatchObject({ id, status: 'withdrawn', requires_payment: true, payment_pending: true });
      expect(await searchIds(t)).not.toContain(id);
    });

    it('refuses transitions the status does not allow with 409', async () => {
      const draft = await draftPosting(t, owner.token);
      const withdrawDraft = await withdraw(draft);
      expect(withdrawDraft.status).toBe(409);
      expect(withdrawDraft.body).toEqual({ detail: 'This job posting is a draft and is not published, so it cannot be withdrawn.' });
      const reactivateDraft = await reactivate(draft);
      expect(reactivateDraft.status).toBe(409);
      expect(reactivateDraft.body).toEqual({ detail: 'This job posting is a draft; publish it instead.' });

      const live = await activePosting(t, owner.token);
      const reactivateActive = await reactivate(live);
      expect(reactivateActive.status).toBe(409);
      expect(reactivateActive.body).toEqual({ detail: 'This job posting is already active.' });
    });

    it('refuses another facility, members without can_publish_jobs and applicants', async () => {
      const id = await activePosting(t, owner.token);
      const otherFacility = await withdraw(id, other.token);
      expect(otherFacility.status).toBe(403);
      expect(otherFacility.body).toEqual({ detail: 'This job posting belongs to another facility.' });
      const member = await facilityUser(t, owner.facilityId, { can_create_jobs: true, can_edit_jobs: true });
      const noFlag = await withdraw(id, member.token);
      expect(noFlag.status).toBe(403);
      expect(noFlag.body).toEqual({ detail: "You don't have permission to withdraw job postings." });
      const asApplicant = await withdraw(id, applicant.token);
      expect(asApplicant.status).toBe(403);

      expect((await withdraw(id)).status).toBe(200);
      const reactivateOther = await reactivate(id, other.token);
      expect(reactivateOther.status).toBe(403);
      expect(reactivateOther.body).toEqual({ detail: 'This job posting belongs to another facility.' });
      const reactivateNoFlag = await reactivate(id, member.token);
      expect(reactivateNoFlag.status).toBe(403);
      expect(reactivateNoFlag.body).toEqual({ detail: "You don't have permission to reactivate job postings." });
      expect((await get(id, owner.token)).body.status).toBe('withdrawn');
      expect((await withdraw(randomUUID())).status).toBe(404);
      expect((await reactivate(randomUUID())).status).toBe(404);
    });
  });
});
