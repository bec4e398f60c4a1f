import { randomUUID } from 'node:crypto';
import { applicantDecider, applicantStream } from '../../../server/src/domain/applicants/applicant';
import { BID_MESSAGES } from '../../../server/src/domain/bids';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken } from '../../support/accounts';
import { activePosting } from '../../support/postings';
import {
  act,
  Applicant,
  bearer,
  Facility,
  facilityMember,
  facilityWithPosting,
  placedBid,
  postingViaDomain,
  quickApplicant,
  quickFacility,
  waitUntil,
} from './helpers';

jest.setTimeout(60000);

const YEAR_MS = 365.25 * 86_400_000;

describe('bid lists', () => {
  let t: TestApp;
  let facility: Facility;
  let applicant: Applicant;
  let first: string;
  let second: string;
  let third: string;
  let soon: string;
  const bids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId: first } = await facilityWithPosting(t));
    second = await activePosting(t, facility.token, { title: 'Second job' });
    third = await activePosting(t, facility.token, { title: 'Third job' });
    soon = await postingViaDomain(t, facility, { auto_expire_date: new Date(Date.now() + 2500).toISOString() });
    applicant = await quickApplicant(t);
    bids.expiring = await placedBid(t, applicant.token, soon, 199);
    bids.accepted = await placedBid(t, applicant.token, first, 200);
    bids.countered = await placedBid(t, applicant.token, second, 210);
    bids.submitted = await placedBid(t, applicant.token, third, 220);
    await act(t, facility.token, bids.accepted, 'accept');
    await act(t, facility.token, bids.countered, 'counter', 195);
    const expiry = Date.now() + 2500;
    await waitUntil(() => Date.now() > expiry + 100, 5000, 'the short posting to expire');
  });
  afterAll(() => t.close());

  const myBids = (query = '', token = applicant.token) => t.http().get(`/api/job-bids/my-bids${query}`).set(bearer(token));

  describe('GET /job-bids/my-bids', () => {
    it("lists the applicant's bids in the applicant order: counters needing an answer first, expired postings last", async () => {
      const response = await myBids();
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      expect(response.body.map((bid: { id: string }) => bid.id)).toEqual([bids.countered, bids.submitted, bids.accepted, bids.expiring]);
      const countered = response.body[0];
      expect(countered).toMatchObject({
        job_posting_id: second,
        job_title: 'Second job',
        current_state: 'facility_countered',
        proposed_rate: 210,
        counter_rate: 195,
        needs_attention: true,
        posting_expired: false,
        facility: { name: 'Bayview Surgery Center', type: 'Ambulatory Surgery Center' },
      });
      for (const field of [
        'job_start_date',
        'job_end_date',
        'job_week_days',
        'job_hourly_rate',
        'job_total_contract_value',
        'job_auto_expire_date',
        'created_at',
      ]) {
        expect(countered[field]).not.toBeNull();
      }
      expect(countered).not.toHaveProperty('applicant_name');
    });

    it('shows a bid on an expired posting as closed, whatever its state', async () => {
      const all = await myBids();
      const expiring = all.body.find((bid: { id: string }) => bid.id === bids.expiring);
      expect(expiring).toMatchObject({
        current_state: 'applicant_submitted',
        posting_expired: true,
        filter: 'closed',
        job_status: 'expired',
      });
      const active = await myBids('?filter=active');
      expect(active.body.map((bid: { id: string }) => bid.id)).toEqual([bids.countered, bids.submitted]);
      const connected = await myBids('?filter=connected');
      expect(connected.body.map((bid: { id: string }) => bid.id)).toEqual([bids.accepted]);
      const closed = await myBids('?filter=closed');
      expect(closed.body.map((bid: { id: string }) => bid.id)).toEqual([bids.expiring]);
      expect([active, connected, closed].map((page) => page.headers['x-total-count'])).toEqual(['2', '1', '1']);
    });

    it('refuses facility moves on a bid whose posting expired (409) but lets the applicant withdraw', async () => {
      const accept = await act(t, facility.token, bids.expiring, 'accept');
      expect(accept.status).toBe(409);
      expect(accept.body.detail).toBe(BID_MESSAGES.postingExpired);
      const other = await quickApplicant(t);
      expect((await act(t, facility.token, bids.expiring, 'counter', 150)).status).toBe(409);
      expect((await act(t, other.token, bids.expiring, 'withdraw')).status).toBe(403);
      // The last test of this block: the bid is withdrawn from here on.
      expect((await act(t, applicant.token, bids.expiring, 'withdraw')).status).toBe(200);
    });

    it('pages with limit and offset, bounded at 500, with the total on every page', async () => {
      const page = await myBids('?limit=1&offset=1');
      expect(page.body.map((bid: { id: string }) => bid.id)).toEqual([bids.submitted]);
      expect(page.headers['x-total-count']).toBe('4');
      const pages = [await myBids('?limit=3'), await myBids('?limit=3&offset=3')];
      expect(pages.flatMap((one) => one.body.map((bid: { id: string }) => bid.id))).toEqual(
        (await myBids()).body.map((bid: { id: string }) => bid.id),
      );
      expect(pages.map((one) => one.headers['x-total-count'])).toEqual(['4', '4']);
      const pastTheEnd = await myBids('?limit=2&offset=10&filter=active');
      expect(pastTheEnd.status).toBe(200);
      expect(pastTheEnd.body).toEqual([]);
      expect(pastTheEnd.headers['x-total-count']).toBe('2');
      expect((await myBids('?limit=500')).status).toBe(200);
      const tooMany = await myBids('?limit=501');
      expect(tooMany.status).toBe(422);
      expect(tooMany.body).toEqual({ detail: [expect.objectContaining({ loc: ['query', 'limit'], msg: 'limit must be at most 500' })] });
      expect((await myBids('?limit=0')).status).toBe(422);
      expect((await myBids('?offset=-1')).status).toBe(422);
      expect((await myBids('?filter=bogus')).status).toBe(422);
    });

    it('is empty for an applicant without bids and refused to facility users', async () => {
      const fresh = await quickApplicant(t);
      const empty = await myBids('', fresh.token);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers['x-total-count']).toBe('0');
      expect((await myBids('', facility.token)).status).toBe(403);
      expect((await t.http().get('/api/job-bids/my-bids')).status).toBe(401);
    });
  });

  describe('GET /job-bids/job/{id}/bids', () => {
    it("lists a posting's bids in the facility order with who the applicants are", async () => {
      const late = await quickApplicant(t, {
        first_name: 'Lee',
        last_name: 'Okafor',
        license_state: 'NV',
        malpractice_provided: false,
        experience_started_at: '2020-03-15',
      });
      const lateBid = await placedBid(t, late.token, second, 205);
      const response = await t.http().get(`/api/job-bids/job/${second}/bids`).set(bearer(facility.token));
      expect(response.status).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      // submitted before facility_countered
      expect(response.body.map((bid: { id: string }) => bid.id)).toEqual([lateBid, bids.countered]);
      const now = Date.now();
      expect(response.body[0]).toMatchObject({
        applicant_id: late.applicantId,
        applicant_name: 'Lee Okafor',
        applicant_license_state: 'NV',
        applicant_malpractice_provided: false,
        applicant_experience_years: Math.floor((now - Date.parse('2020-03-15')) / YEAR_MS),
        job_hourly_rate: 185,
        proposed_rate: 205,
        current_state: 'applicant_submitted',
      });
      expect(response.body[1]).toMatchObject({
        applicant_name: 'Sam Rivera',
        applicant_license_state: 'CA',
        applicant_malpractice_provided: true,
        applicant_experience_years: Math.floor((now - Date.parse('2015-09-01')) / YEAR_MS),
      });
    });

    it('never shows experience below 0 years', async () => {
      const novice = await quickApplicant(t, { first_name: 'Nova', last_name: 'Start' });
      await t.app
        .get(CommandBus)
        .handle(
          applicantStream(novice.applicantId),
          applicantDecider,
          { type: 'UpdateApplicantProfile', data: { profile: { experience_started_at: '2099-01-01' }, by: 'admin', now: new Date() } },
          {},
        );
      await placedBid(t, novice.token, third, 230);
      const response = await t.http().get(`/api/job-bids/job/${third}/bids`).set(bearer(facility.token));
      const bid = response.body.find((row: { applicant_name: string }) => row.applicant_name === 'Nova Start');
      expect(bid.applicant_experience_years).toBe(0);
    });

    it('pages a posting with many bids in the facility order, newest first within a state, with the total', async () => {
      const posting = await postingViaDomain(t, facility);
      const placed: { id: string; state: string }[] = [];
      for (let i = 0; i < 7; i++) {
        const bidder = await quickApplicant(t);
        placed.push({ id: await placedBid(t, bidder.token, posting, 200 + i), state: 'applicant_submitted' });
      }
      // Oldest first in `placed`; move some along so every page mixes states.
      await act(t, facility.token, placed[1].id, 'counter', 190);
      await act(t, facility.token, placed[3].id, 'reject');
      await act(t, facility.token, placed[5].id, 'accept');
      const newestFirst = (ids: number[]) => ids.sort((a, b) => b - a).map((i) => placed[i].id);
      const expected = [...newestFirst([0, 2, 4, 6]), ...newestFirst([1]), ...newestFirst([5]), ...newestFirst([3])];
      const page = (query: string) => t.http().get(`/api/job-bids/job/${posting}/bids${query}`).set(bearer(facility.token));
      const pages = [
        await page('?limit=3'),
        await page('?limit=3&offset=3'),
        await page('?limit=3&offset=6'),
        await page('?limit=3&offset=9'),
      ];
      expect(pages.map((one) => one.body.length)).toEqual([3, 3, 1, 0]);
      expect(pages.flatMap((one) => one.body.map((bid: { id: string }) => bid.id))).toEqual(expected);
      expect(pages.map((one) => one.headers['x-total-count'])).toEqual(['7', '7', '7', '7']);
      const tooMany = await page('?limit=501');
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.detail[0].loc).toEqual(['query', 'limit']);
      expect((await page('?offset=1000001')).status).toBe(422);
    });

    it("is open to the posting facility's members and admins only", async () => {
      const member = await facilityMember(t, facility.facilityId, { can_manage_bids: false });
      expect((await t.http().get(`/api/job-bids/job/${first}/bids`).set(bearer(member.token))).status).toBe(200);
      expect(
        (
          await t
            .http()
            .get(`/api/job-bids/job/${first}/bids`)
            .set(bearer(await adminToken(t)))
        ).status,
      ).toBe(200);
      const stranger = await quickFacility(t);
      expect((await t.http().get(`/api/job-bids/job/${first}/bids`).set(bearer(stranger.token))).status).toBe(403);
      expect((await t.http().get(`/api/job-bids/job/${first}/bids`).set(bearer(applicant.token))).status).toBe(403);
      expect((await t.http().get(`/api/job-bids/job/${randomUUID()}/bids`).set(bearer(facility.token))).status).toBe(404);
    });
  });
});
