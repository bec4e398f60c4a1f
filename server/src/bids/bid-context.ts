import { Inject, Injectable } from '@nestjs/common';
import { applicantDecider, applicantStream, type ApplicantEvent, type ApplicantState } from '../domain/applicants/applicant';
import {
  BID_MESSAGES,
  bidDecider,
  bidStream,
  type Bid,
  type BidActor,
  type BidEvent,
  type BidState,
  type PostingSnapshot,
} from '../domain/bids';
import { facilityDecider, facilityStream, type FacilityEvent, type FacilityState } from '../domain/facilities/facility';
import { POSTING_MESSAGES, postingDecider, postingStream, type Posting, type PostingEvent, type PostingState } from '../domain/postings';
import { fold } from '../domain/shared/decider';
import { ForbiddenError, NotFoundError } from '../domain/shared/errors';
import { displayName, hasFacilityPermission, type SessionUser } from '../auth/session-user';
import { EVENT_STORE, type EventMetadata, type EventStore } from '../eventstore/event-store.port';
import { isUuid } from './bid-ids';

/**
 * What a bid command needs besides the bid itself, read from the streams (the source of truth)
 * rather than from read models: the posting snapshot, and the actor with the standing the
 * decider checks (verification and active flag, facility suspension, the manage-bids flag).
 */
@Injectable()
export class BidContext {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  private async load<State, Event>(
    stream: string,
    decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
  ): Promise<State> {
    return fold(decider, (await this.events.readStream(stream)) as unknown as Event[]);
  }

  /** The posting as its own stream folds it; 404 when it does not exist. */
  async posting(postingId: string): Promise<Posting> {
    if (!isUuid(postingId)) throw new NotFoundError(POSTING_MESSAGES.notFound);
    const state = await this.load<PostingState, PostingEvent>(postingStream(postingId), postingDecider);
    if (state.status === 'none') throw new NotFoundError(POSTING_MESSAGES.notFound);
    return state;
  }

  /** The bid as its stream folds it; 404 when it does not exist. */
  async bid(bidId: string): Promise<Bid> {
    if (!isUuid(bidId)) throw new NotFoundError(BID_MESSAGES.notFound);
    const state = await this.load<BidState, BidEvent>(bidStream(bidId), bidDecider);
    if (state.current_state === 'none') throw new NotFoundError(BID_MESSAGES.notFound);
    return state;
  }

  /**
   * The caller as a bid actor: a facility member (with the manage-bids flag resolved, admins
   * hold it) or an applicant. Anyone else (a platform admin) is refused with `refusal`.
   */
  async actor(user: SessionUser, refusal: string): Promise<BidActor> {
    if (user.membership) {
      const facilityId = user.membership.facility_id;
      const facility = await this.load<FacilityState, FacilityEvent>(facilityStream(facilityId), facilityDecider);
      return {
        side: 'facility',
        facility_id: facilityId,
        user_id: user.id,
        can_manage_bids: hasFacilityPermission(user.membership, 'can_manage_bids'),
        facility_active: facility.exists && facility.is_active,
      };
    }
    if (user.applicant_id) {
      const applicant = await this.load<ApplicantState, ApplicantEvent>(applicantStream(user.applicant_id), applicantDecider);
      return {
        side: 'applicant',
        applicant_id: user.applicant_id,
        user_id: user.id,
        verification_status: applicant.verification_status,
        is_active: applicant.exists && applicant.is_active,
      };
    }
    throw new ForbiddenError(refusal);
  }
}

export function postingSnapshot(posting: Posting): PostingSnapshot {
  return {
    status: posting.status,
    auto_expire_date: posting.auto_expire_date,
    facility_id: posting.facility_id,
    hourly_rate: posting.fields.hourly_rate,
  };
}

/** Who acted, kept with each event so histories name the side and the person. */
export function bidMetadata(user: SessionUser, actor: BidActor): EventMetadata {
  return { actor: { user_id: user.id, side: actor.side, name: displayName(user) } };
}
