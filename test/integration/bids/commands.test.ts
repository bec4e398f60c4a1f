import { randomUUID } from 'node:crypto';
import { BID_MESSAGES, BID_RATE_MESSAGES } from '../../../server/src/domain/bids';
import { facilityDecider, facilityStream } from '../../../server/src/domain/facilities/facility';
import { CommandBus } from '../../../server/src/platform/command-bus';
import { startTestApp, TestApp } from '../../support/app';
import { adminToken, verifiedApplicant } from '../../support/accounts';
import { activePosting, draftPosting } from '../../support/postings';
import {
  act,
  Applicant,
  bearer,
  bidEvents,
  deactivateApplicant,
  expiredPosting,
  Facility,
  facilityMember,
  facilityWithPosting,
  placedBid,
  quickApplicant,
  quickFacility,
  submitBid,
} from './helpers';

jest.setTimeout(60000);

describe('bid commands', () => {
  let t: TestApp;
  let facility: Facility;
  let postingId: string;
  let applicant: Applicant;

  beforeAll(async () => {
    t = await startTestApp();
    ({ facility, postingId } = await facilityWithPosting(t));
    applicant = await quickApplicant(t);
  });
  afterAll(() => t.close());

  describe('POST /job-bids', () => {
    it('places a bid and answers with the applicant view', async () => {
      // Registered, emailed, verified and signed in through the API, as a real applicant is.
      const bidder = await verifiedApplicant(t);
      const response = await submitBid(t, bidder.token, postingId, 190);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        job_posting_id: postingId,
        job_title: 'CRNA for a busy ambulatory surgery center',
        job_hourly_rate: 185,
        job_week_days: [2, 3, 4, 5, 6],
        facility: { name: 'Bayview Surgery Center', city: 'San Diego', state: 'CA', type: 'Ambulatory Surgery Center' },
        proposed_rate: 190,
        counter_rate: null,
        current_state: 'applicant_submitted',
        posting_expired: false,
        needs_attention: false,
      });
      expect(response.body.job_total_contract_value).toBeGreaterThan(0);
      expect(typeof response.body.job_auto_expire_date).toBe('string');
      expect(response.body).not.toHaveProperty('applicant_name');
      expect(await bidEvents(t, response.body.id)).toEqual(['BidSubmitted']);
    });

    it('refuses a second bid by the same applicant on the same posting with 409', async () => {
      const bidder = await quickApplicant(t);
      await placedBid(t, bidder.token, postingId);
      const again = await submitBid(t, bidder.token, postingId, 200);
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe(BID_MESSAGES.alreadyApplied);
    });

    it('lets exactly one of five racing submits through', async () => {
      const bidder = await quickApplicant(t);
      const answers = await Promise.all([180, 181, 182, 183, 184].map((rate) => submitBid(t, bidder.token, postingId, rate)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      const winner = answers.find((answer) => answer.status === 201)!;
      expect(await bidEvents(t, winner.body.id)).toEqual(['BidSubmitted']);
      const mine = await t.http().get('/api/job-bids/my-bids').set(bearer(bidder.token));
      expect(mine.body).toHaveLength(1);
    });

    it("refuses an unverified applicant with 403 and the spec's message", async () => {
      const pending = await quickApplicant(t, {}, { verified: false });
      const response = await submitBid(t, pending.token, postingId);
      expect(response.status).toBe(403);
      expect(response.body.detail).toBe(
        "Your account is currently being verified. Once it's verified, you'll be able to apply for this role.",
      );
    });

    it('refuses a deactivated applicant with 403', async () => {
      const bidder = await quickApplicant(t);
      await deactivateApplicant(t, bidder.applicantId);
      const response = await submitBid(t, bidder.token, postingId);
      expect(response.status).toBe(403);
      expect(response.body.detail).toBe(BID_MESSAGES.deactivated);
    });

    it('refuses facility members and admins with 403', async () => {
      expect((await submitBid(t, facility.token, postingId)).status).toBe(403);
      expect((await submitBid(t, await adminToken(t), postingId)).status).toBe(403);
    });

    it('refuses bids on draft, withdrawn and expired postings with 409', async () => {
      const draft = await draftPosting(t, facility.token);
      const draftAnswer = await submitBid(t, applicant.token, draft);
      expect(draftAnswer.status).toBe(409);
      expect(draftAnswer.body.detail).toBe(BID_MESSAGES.postingNotPublished);

      const withdrawn = await activePosting(t, facility.token);
      expect((await t.http().delete(`/api/job-postings/${withdrawn}`).set(bearer(facility.token))).status).toBe(200);
      const withdrawnAnswer = await submitBid(t, applicant.token, withdrawn);
      expect(withdrawnAnswer.status).toBe(409);
      expect(withdrawnAnswer.body.detail).toBe(BID_MESSAGES.postingWithdrawn);

      const expired = await expiredPosting(t, facility);
      const expiredAnswer = await submitBid(t, applicant.token, expired);
      expect(expiredAnswer.status).toBe(409);
      expect(expiredAnswer.body.detail).toBe(BID_MESSAGES.postingExpired);
    });

    it('answers 404 for a posting that does not exist', async () => {
      expect((await submitBid(t, applicant.token, randomUUID())).status).toBe(404);
    });

    it.each([
      [0, BID_RATE_MESSAGES.proposed_rate.min],
      [1.5, BID_RATE_MESSAGES.proposed_rate.whole],
      [undefined, BID_RATE_MESSAGES.proposed_rate.required],
      ['abc', BID_RATE_MESSAGES.proposed_rate.required],
    ])('refuses the rate %p with 422', async (rate, message) => {
      const response = await t
        .http()
        .post('/api/job-bids')
        .set(bearer(applicant.token))
        .send({ job_posting_id: postingId, proposed_rate: rate });
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'proposed_rate'], msg: message })]);
    });

    it('refuses a missing or malformed posting id with 422', async () => {
      const missing = await t.http().post('/api/job-bids').set(bearer(applicant.token)).send({ proposed_rate: 190 });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(['body', 'job_posting_id']);
      const malformed = await submitBid(t, applicant.token, 'not-an-id');
      expect(malformed.status).toBe(422);
    });

    it('needs a token', async () => {
      expect((await t.http().post('/api/job-bids').send({ job_posting_id: postingId, proposed_rate: 190 })).status).toBe(401);
    });
  });

  describe('the facility side', () => {
    it('accepts a submitted bid', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId, 195);
      const response = await act(t, facility.token, bidId, 'accept');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: bidId,
        current_state: 'facility_accepted',
        agreed_rate: 195,
        applicant_name: 'Sam Rivera',
      });
      expect(await bidEvents(t, bidId)).toEqual(['BidSubmitted', 'FacilityAccepted']);
    });

    it('rejects, then undoes the rejection back to applicant_submitted', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId);
      expect((await act(t, facility.token, bidId, 'reject')).body.current_state).toBe('facility_rejected');
      const undone = await act(t, facility.token, bidId, 'undo');
      expect(undone.status).toBe(200);
      expect(undone.body.current_state).toBe('applicant_submitted');
      expect(await bidEvents(t, bidId)).toEqual(['BidSubmitted', 'FacilityRejected', 'RejectionUndone']);
    });

    it('counters, and accepts an applicant counter', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId, 220);
      const countered = await act(t, facility.token, bidId, 'counter', 200);
      expect(countered.status).toBe(200);
      expect(countered.body).toMatchObject({ current_state: 'facility_countered', counter_rate: 200, proposed_rate: 220 });
      const back = await act(t, bidder.token, bidId, 'counter-by-applicant', 210);
      expect(back.body).toMatchObject({ current_state: 'applicant_countered', counter_rate: 210 });
      const accepted = await act(t, facility.token, bidId, 'accept');
      expect(accepted.body).toMatchObject({ current_state: 'facility_accepted', agreed_rate: 210 });
    });

    it('refuses the applicant side, another facility and a member without can_manage_bids with 403', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId);
      const byApplicant = await act(t, bidder.token, bidId, 'accept');
      expect(byApplicant.status).toBe(403);
      expect(byApplicant.body.detail).toBe(BID_MESSAGES.facilityOnly);

      const stranger = await quickFacility(t);
      const byStranger = await act(t, stranger.token, bidId, 'counter', 150);
      expect(byStranger.status).toBe(403);
      expect(byStranger.body.detail).toBe(BID_MESSAGES.otherFacility);

      const member = await facilityMember(t, facility.facilityId, { can_manage_bids: false });
      const byMember = await act(t, member.token, bidId, 'reject');
      expect(byMember.status).toBe(403);
      expect(byMember.body.detail).toBe(BID_MESSAGES.noBidPermission);

      const admin = await act(t, await adminToken(t), bidId, 'accept');
      expect(admin.status).toBe(403);
      expect(await bidEvents(t, bidId)).toEqual(['BidSubmitted']);
    });

    it('lets a member with can_manage_bids act', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId);
      const member = await facilityMember(t, facility.facilityId, { can_manage_bids: true });
      expect((await act(t, member.token, bidId, 'reject')).status).toBe(200);
    });

    it('refuses moves from the wrong state with 409', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId);
      const undo = await act(t, facility.token, bidId, 'undo');
      expect(undo.status).toBe(409);
      expect(undo.body.detail).toBe(BID_MESSAGES.notRejected);
      await act(t, facility.token, bidId, 'counter', 170);
      expect((await act(t, facility.token, bidId, 'accept')).status).toBe(409);
      expect((await act(t, facility.token, bidId, 'counter', 175)).status).toBe(409);
      await act(t, bidder.token, bidId, 'accept-counter');
      for (const action of ['accept', 'reject', 'undo']) expect((await act(t, facility.token, bidId, action)).status).toBe(409);
      expect((await act(t, facility.token, bidId, 'counter', 180)).status).toBe(409);
    });

    it('refuses a counter rate of 0, 1.5 or none with 422', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId);
      for (const rate of [0, 1.5]) {
        const response = await act(t, facility.token, bidId, 'counter', rate);
        expect(response.status).toBe(422);
        expect(response.body.detail[0].loc).toEqual(['query', 'counter_rate']);
      }
      const none = await t.http().put(`/api/job-bids/${bidId}/counter`).set(bearer(facility.token));
      expect(none.status).toBe(422);
      expect(none.body.detail[0].msg).toBe(BID_RATE_MESSAGES.counter_rate.required);
      expect(await bidEvents(t, bidId)).toEqual(['BidSubmitted']);
    });

    it('refuses moves on a withdrawn posting with 409 and a suspended facility with 403', async () => {
      const other = await quickFacility(t, { credits: 1 });
      const posting = await activePosting(t, other.token);
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, posting);
      expect((await t.http().delete(`/api/job-postings/${posting}`).set(bearer(other.token))).status).toBe(200);
      const onWithdrawn = await act(t, other.token, bidId, 'accept');
      expect(onWithdrawn.status).toBe(409);
      expect(onWithdrawn.body.detail).toBe(BID_MESSAGES.postingWithdrawn);
      await t.app
        .get(CommandBus)
        .handle(
          facilityStream(other.facilityId),
          facilityDecider,
          { type: 'SuspendFacility', data: { notes: 'Suspended by Test Admin', now: new Date() } },
          {},
        );
      const suspended = await act(t, other.token, bidId, 'reject');
      expect(suspended.status).toBe(403);
      expect(suspended.body.detail).toBe(BID_MESSAGES.facilitySuspended);
      // Withdrawing only takes the applicant out, so it stays open on a withdrawn posting.
      expect((await act(t, bidder.token, bidId, 'withdraw')).status).toBe(200);
    });

    it('answers 404 for a bid that does not exist', async () => {
      expect((await act(t, facility.token, randomUUID(), 'accept')).status).toBe(404);
      expect((await act(t, facility.token, 'nope', 'accept')).status).toBe(404);
    });
  });

  describe('the applicant side', () => {
    async function countered(bidder: Applicant) {
      const bidId = await placedBid(t, bidder.token, postingId, 230);
      expect((await act(t, facility.token, bidId, 'counter', 205)).status).toBe(200);
      return bidId;
    }

    it('accepts a facility counter: a connection at the counter rate', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await countered(bidder);
      const response = await act(t, bidder.token, bidId, 'accept-counter');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ current_state: 'applicant_counter_accepted', agreed_rate: 205, filter: 'connected' });
      expect(response.body).not.toHaveProperty('applicant_name');
    });

    it('rejects a facility counter', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await countered(bidder);
      const response = await act(t, bidder.token, bidId, 'reject-counter');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ current_state: 'applicant_counter_rejected', filter: 'closed' });
    });

    it('withdraws while neither connected nor closed, and not after', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await countered(bidder);
      const withdrawn = await act(t, bidder.token, bidId, 'withdraw');
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.current_state).toBe('applicant_withdrawn');
      expect((await act(t, bidder.token, bidId, 'withdraw')).status).toBe(409);

      const other = await quickApplicant(t);
      const connected = await placedBid(t, other.token, postingId);
      await act(t, facility.token, connected, 'accept');
      expect((await act(t, other.token, connected, 'withdraw')).status).toBe(409);
    });

    it('refuses counter moves on a bid awaiting the facility with 409, and the facility side with 403', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await placedBid(t, bidder.token, postingId);
      expect((await act(t, bidder.token, bidId, 'accept-counter')).status).toBe(409);
      expect((await act(t, bidder.token, bidId, 'reject-counter')).status).toBe(409);
      expect((await act(t, bidder.token, bidId, 'counter-by-applicant', 200)).status).toBe(409);
      const byFacility = await act(t, facility.token, bidId, 'withdraw');
      expect(byFacility.status).toBe(403);
      expect(byFacility.body.detail).toBe(BID_MESSAGES.notYourBid);
    });

    it("refuses another applicant's moves with 403", async () => {
      const bidder = await quickApplicant(t);
      const bidId = await countered(bidder);
      const response = await act(t, applicant.token, bidId, 'accept-counter');
      expect(response.status).toBe(403);
      expect(response.body.detail).toBe(BID_MESSAGES.notYourBid);
    });

    it('refuses an applicant counter of 1.5 with 422', async () => {
      const bidder = await quickApplicant(t);
      const bidId = await countered(bidder);
      expect((await act(t, bidder.token, bidId, 'counter-by-applicant', 1.5)).status).toBe(422);
    });
  });
});
