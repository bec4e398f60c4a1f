/**
 * The demo's past quarter of a market (issue #16): CRNA jobs in California that Bayview posted
 * over the last 85 days, each bid on and agreed (some after a counter), then taken down as filled.
 * Commands only take "now", so these go through the same deciders and the command bus at chosen
 * moments, as they would have been recorded then; the projections and reactors pick them up like
 * any other events (connection emails go out). With the demo's live connections this puts enough
 * agreed rates in the window for the market rate insight.
 */
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bidIdFor } from '../server/src/bids/bid-ids';
import {
  bidDecider,
  bidStream,
  type ApplicantActor,
  type BidCommand,
  type FacilityBidActor,
  type PostingSnapshot,
} from '../server/src/domain/bids';
import {
  postingDecider,
  postingStream,
  type FacilityMember,
  type JobPostingInput,
  type PostingCommand,
} from '../server/src/domain/postings';
import type { EventMetadata } from '../server/src/eventstore/event-store.port';
import { CommandBus } from '../server/src/platform/command-bus';

const DAY = 86_400_000;
const isoDay = (at: Date, offsetDays = 0) => new Date(at.getTime() + offsetDays * DAY).toISOString().slice(0, 10);

export interface PastMarketParties {
  facility: { id: string; userId: string; name: string };
  applicants: { id: string; userId: string; name: string }[];
}

/** Days ago each job was posted, its posted rate and the rate agreed; countered ones met in the middle. */
const PAST_JOBS: { daysAgo: number; posted: number; agreed: number; countered: boolean }[] = [
  { daysAgo: 85, posted: 165, agreed: 165, countered: false },
  { daysAgo: 76, posted: 170, agreed: 178, countered: true },
  { daysAgo: 68, posted: 185, agreed: 185, countered: false },
  { daysAgo: 59, posted: 175, agreed: 182, countered: true },
  { daysAgo: 50, posted: 195, agreed: 195, countered: false },
  { daysAgo: 41, posted: 180, agreed: 188, countered: true },
  { daysAgo: 33, posted: 205, agreed: 205, countered: false },
  { daysAgo: 24, posted: 190, agreed: 198, countered: true },
  { daysAgo: 15, posted: 215, agreed: 215, countered: false },
  { daysAgo: 7, posted: 200, agreed: 172, countered: true },
];

function pastForm(start: Date, rate: number): JobPostingInput {
  return {
    title: 'CRNA, outpatient orthopedics',
    role_type: 'CRNA',
    openings: 1,
    start_date: isoDay(start, 14),
    end_date: isoDay(start, 41),
    week_days: [2, 3, 4, 5, 6],
    hourly_rate: rate,
    hours_per_day: 10,
    days_per_week: 5,
    required_license_state: 'CA',
    procedure_type_ids: [1, 2],
    on_call_ratio: null,
    supervision_type: 'medically_directed',
    malpractice_amount: null,
    lodging_amount: null,
    lodging_frequency: null,
    travel_allowance_amount: null,
    auto_expire_date: null,
  };
}

export async function seedPastMarket(app: NestFastifyApplication, parties: PastMarketParties): Promise<number> {
  const bus = app.get(CommandBus);
  const { facility } = parties;
  const member: FacilityMember = {
    user_id: facility.userId,
    facility_id: facility.id,
    permissions: { can_create_jobs: true, can_edit_jobs: true, can_publish_jobs: true },
    facility: { verification_status: 'verified', is_active: true },
  };
  const facilityActor: FacilityBidActor = {
    side: 'facility',
    facility_id: facility.id,
    user_id: facility.userId,
    can_manage_bids: true,
    facility_active: true,
  };
  const facilityMetadata = { actor: { user_id: facility.userId, side: 'facility' as const, name: facility.name } };

  for (const [index, job] of PAST_JOBS.entries()) {
    const postedAt = new Date(Date.now() - job.daysAgo * DAY);
    const at = (days: number) => new Date(postedAt.getTime() + days * DAY);
    const postingId = randomUUID();
    const onPosting = (command: PostingCommand) => bus.handle(postingStream(postingId), postingDecider, command, facilityMetadata);
    await onPosting({
      type: 'CreatePosting',
      data: { actor: member, now: postedAt, posting_id: postingId, form: pastForm(postedAt, job.posted) },
    });
    await onPosting({ type: 'PublishPosting', data: { actor: member, now: postedAt, facility_credits: 1 } });

    const applicant = parties.applicants[index % parties.applicants.length];
    const applicantActor: ApplicantActor = {
      side: 'applicant',
      applicant_id: applicant.id,
      user_id: applicant.userId,
      verification_status: 'verified',
      is_active: true,
      // The demo applicants' licenses run past every date this history uses.
      license_expires_at: null,
    };
    const posting: PostingSnapshot = {
      status: 'active',
      auto_expire_date: new Date(postedAt.getTime() + 30 * DAY).toISOString(),
      facility_id: facility.id,
      hourly_rate: job.posted,
      facility_active: true,
    };
    const bidId = bidIdFor(postingId, applicant.id);
    const applicantMetadata = { actor: { user_id: applicant.userId, side: 'applicant' as const, name: applicant.name } };
    const onBid = (command: BidCommand, metadata: EventMetadata) => bus.handle(bidStream(bidId), bidDecider, command, metadata);
    const proposed = job.countered ? job.agreed + 15 : job.agreed;
    await onBid(
      {
        type: 'SubmitBid',
        data: { actor: applicantActor, posting, now: at(1), bid_id: bidId, job_posting_id: postingId, proposed_rate: proposed },
      },
      applicantMetadata,
    );
    if (job.countered) {
      await onBid({ type: 'CounterBid', data: { actor: facilityActor, posting, now: at(2), counter_rate: job.agreed } }, facilityMetadata);
      await onBid({ type: 'AcceptCounter', data: { actor: applicantActor, posting, now: at(3) } }, applicantMetadata);
    } else {
      await onBid({ type: 'AcceptBid', data: { actor: facilityActor, posting, now: at(2) } }, facilityMetadata);
    }
    // Filled: the facility takes the job down, so it no longer shows in search.
    await onPosting({ type: 'WithdrawPosting', data: { actor: member, now: at(4) } });
  }
  return PAST_JOBS.length;
}
