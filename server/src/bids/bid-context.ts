import { Injectable } from '@nestjs/common';
import { BID_MESSAGES, bidDecider, bidStream, type Bid, type BidActor, type PostingSnapshot } from '../domain/bids';
import { facilityDecider, facilityStream } from '../domain/facilities/facility';
import { POSTING_MESSAGES, postingDecider, postingStream, type Posting } from '../domain/postings';
import { NotFoundError } from '../domain/shared/errors';
import { displayName, type SessionUser } from '../auth/session-user';
import type { EventMetadata } from '../eventstore/event-store.port';
import { CommandBus } from '../platform/command-bus';
import { isUuid } from './bid-ids';

/**
 * What a bid command reads besides the actor, from the streams (the source of truth) rather
 * than from read models: the bid, the posting it is on and that posting's facility's standing.
 */
@Injectable()
export class BidContext {
  constructor(private readonly commands: CommandBus) {}

  /** The posting as its own stream folds it; 404 when it does not exist. */
  async posting(postingId: string): Promise<Posting> {
    if (!isUuid(postingId)) throw new NotFoundError(POSTING_MESSAGES.notFound);
    const state = await this.commands.load(postingStream(postingId), postingDecider);
    if (state.status === 'none') throw new NotFoundError(POSTING_MESSAGES.notFound);
    return state;
  }

  /** What the bid decider checks of a posting, with its facility's standing from the facility's stream. */
  async snapshot(posting: Posting): Promise<PostingSnapshot> {
    const facility = await this.commands.load(facilityStream(posting.facility_id), facilityDecider);
    return {
      status: posting.status,
      auto_expire_date: posting.auto_expire_date,
      facility_id: posting.facility_id,
      hourly_rate: posting.fields.hourly_rate,
      facility_active: facility.exists && facility.is_active,
    };
  }

  /** The bid as its stream folds it; 404 when it does not exist. */
  async bid(bidId: string): Promise<Bid> {
    if (!isUuid(bidId)) throw new NotFoundError(BID_MESSAGES.notFound);
    const state = await this.commands.load(bidStream(bidId), bidDecider);
    if (state.current_state === 'none') throw new NotFoundError(BID_MESSAGES.notFound);
    return state;
  }
}

/** Who acted, kept with each event so histories name the side and the person. */
export function bidMetadata(user: SessionUser, actor: BidActor): EventMetadata {
  return { actor: { user_id: user.id, side: actor.side, name: displayName(user) } };
}
