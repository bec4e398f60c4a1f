import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BID_MESSAGES,
  BID_MOVES,
  CONNECTION_EVENT_TYPES,
  bidDecider,
  bidStream,
  type Bid,
  type BidActor,
  type BidEvent,
  type BidMove,
  type BidMoveType,
  type BidState,
} from '../../domain/bids';
import { postingDecider, postingStream, type Posting } from '../../domain/postings';
import { Actors } from '../../auth/actors';
import type { SessionUser } from '../../auth/session-user';
import { ATTEMPTS, CommandBus, type Prefetched } from '../../platform/command-bus';
import { WrongExpectedVersionError } from '../../eventstore';
import { BidContext, bidMetadata } from '../bid-context';
import { bidIdFor, isUuid } from '../bid-ids';
import { NotFoundError } from '../../domain/shared/errors';
import { POSTING_MESSAGES } from '../../domain/postings';
import { bidViewFor, type ApplicantBidView, type BidRow, type FacilityBidView } from '../../domain/bids/bid-view';
import { loadBidRow } from '../bid-rows';
import { bidInlineProjections } from '../../../../projections';
import { pushesTo, rooms, type Push } from '../../realtime/realtime.events';

type BidView = ApplicantBidView | FacilityBidView;

/** The data a move carries besides actor, posting and time (a counter's rate). */
type MoveExtra<T extends BidMoveType> = Omit<Extract<BidMove, { type: T }>['data'], 'actor' | 'posting' | 'now'>;

/**
 * Runs bid commands: loads the actor and the posting from their streams, lets bidDecider decide
 * on the bid's stream through the CommandBus (optimistic concurrency, retried against the fresh
 * state, so racing commands leave one winner and the rest get the decider's 409), and answers
 * with the bid as the caller's own view. The bid's row and its posting's counts are written in
 * the append's transaction (bidInlineProjections), so the answer and the caller's next read
 * show the move without waiting for the asynchronous projections.
 */
@Injectable()
export class BidCommands {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    private readonly context: BidContext,
    private readonly actors: Actors,
  ) {}

  async submit(user: SessionUser, input: { job_posting_id: string; proposed_rate: number }): Promise<BidView> {
    if (!isUuid(input.job_posting_id)) throw new NotFoundError(POSTING_MESSAGES.notFound);
    // A facility actor is refused by the decider before anything is appended.
    const bidId = bidIdFor(input.job_posting_id, user.membership || !user.applicant_id ? user.id : user.applicant_id);
    const on = { bidId, postingId: input.job_posting_id };
    return this.commands.onKept(
      (kept) => this.context.prefetch([this.actors.bidActorStream(user)], on, { kept }),
      (streams) => this.submitOn(user, input, bidId, streams),
    );
  }

  private async submitOn(user: SessionUser, input: { job_posting_id: string; proposed_rate: number }, bidId: string, streams: Prefetched) {
    const actor = await this.actors.bidActor(user, BID_MESSAGES.applicantsOnly, streams);
    const posting = await this.context.posting(input.job_posting_id, streams);
    const now = new Date();
    const { state, pushes } = await this.commands.handle(
      bidStream(bidId),
      bidDecider,
      {
        type: 'SubmitBid',
        data: {
          actor,
          posting: await this.context.snapshot(posting, streams),
          now,
          bid_id: bidId,
          job_posting_id: input.job_posting_id,
          proposed_rate: input.proposed_rate,
        },
      },
      bidMetadata(user, actor),
      streams,
      bidInlineProjections,
    );
    return this.answer(actor, state as Bid, posting, pushes);
  }

  async move<T extends BidMoveType>(user: SessionUser, id: string, type: T, extra: MoveExtra<T>) {
    const bidId = id.toLowerCase();
    if (!isUuid(bidId)) throw new NotFoundError(BID_MESSAGES.notFound);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.moveOnce(user, bidId, type, extra);
      } catch (error) {
        // The posting changed under an accept (another connection counted first): decide again on it.
        if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  private moveOnce<T extends BidMoveType>(user: SessionUser, bidId: string, type: T, extra: MoveExtra<T>): Promise<BidView> {
    // One round trip for the bid, the caller's standing and (once known) the posting and its
    // facility; none when this instance kept their states from its last command on them.
    return this.commands.onKept(
      (kept) => this.context.prefetch([this.actors.bidActorStream(user)], { bidId }, { kept }),
      (streams) => this.moveOn(user, bidId, type, extra, streams),
    );
  }

  private async moveOn<T extends BidMoveType>(user: SessionUser, bidId: string, type: T, extra: MoveExtra<T>, streams: Prefetched) {
    const bid = await this.context.bid(bidId, streams);
    const side = BID_MOVES[type].side;
    const actor = await this.actors.bidActor(user, side === 'facility' ? BID_MESSAGES.facilityOnly : BID_MESSAGES.notYourBid, streams);
    const { state: posting, expected } = await this.context.postingAt(bid.job_posting_id, streams);
    const snapshot = await this.context.snapshot(posting, streams);
    const now = new Date();
    const command = { type, data: { ...extra, actor, posting: snapshot, now } } as BidMove;
    // A connection is counted on the posting in the same transaction: of two accepts racing for its
    // last opening, one commits and the other is decided again on the filled posting (and refused).
    const countConnection = (_: BidState, events: BidEvent[]) => {
      if (!events.some((event) => CONNECTION_EVENT_TYPES.includes(event.type))) return [];
      const counted = postingDecider.decide({ type: 'RecordConnection', data: { bid_id: bidId, now } }, posting);
      return counted.length > 0 ? [{ stream: postingStream(posting.posting_id), events: counted, expected }] : [];
    };
    const { state, pushes } = await this.commands.handle(
      bidStream(bidId),
      bidDecider,
      command,
      bidMetadata(user, actor),
      streams,
      bidInlineProjections,
      countConnection,
    );
    return this.answer(actor, state as Bid, posting, pushes);
  }

  /**
   * The bid as the caller's API shows it: the view the command's inline write pushed to the
   * caller's room (no second read), else from the bid's row, where the decided state still wins
   * (a command that changed nothing, or a store without inline writes, which waits for the read
   * model and may time out).
   */
  private async answer(actor: BidActor, bid: Bid, posting: Posting, pushes: readonly Push[]) {
    const room = actor.side === 'facility' ? rooms.facility(actor.facility_id) : rooms.user(actor.user_id);
    const pushed = pushes.find((push): push is Push<'bid.updated'> => push.event === 'bid.updated' && pushesTo(push, room));
    if (pushed) return pushed.payload;
    const row = await loadBidRow(this.db, bid.bid_id);
    return bidViewFor(actor.side, { ...(row ?? bareRow(bid, posting)), ...decided(bid) }, new Date());
  }
}

function decided(bid: Bid): Partial<BidRow> {
  return {
    current_state: bid.current_state,
    proposed_rate: bid.proposed_rate,
    counter_rate: bid.counter_rate,
    agreed_rate: bid.agreed_rate,
    updated_at: new Date(bid.updated_at),
  };
}

function bareRow(bid: Bid, posting: Posting): BidRow {
  return {
    id: bid.bid_id,
    job_posting_id: bid.job_posting_id,
    applicant_id: bid.applicant_id,
    applicant_user_id: bid.applicant_user_id,
    facility_id: bid.facility_id,
    current_state: bid.current_state,
    proposed_rate: bid.proposed_rate,
    counter_rate: bid.counter_rate,
    agreed_rate: bid.agreed_rate,
    created_at: new Date(bid.created_at),
    updated_at: new Date(bid.updated_at),
    posting,
    facility_name: null,
    facility_city: null,
    facility_state: null,
    facility_type: null,
    applicant_first_name: null,
    applicant_last_name: null,
    applicant_license_state: null,
    applicant_experience_started_at: null,
    applicant_malpractice_provided: null,
  };
}
