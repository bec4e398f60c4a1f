import { Injectable } from '@nestjs/common';
import { BID_MESSAGES, bidDecider, bidStream, type Bid, type BidActor, type PostingSnapshot } from '../domain/bids';
import { POSTING_MESSAGES, postingDecider, postingStream, type Posting } from '../domain/postings';
import { NotFoundError } from '../domain/shared/errors';
import { displayName, type SessionUser } from '../auth/session-user';
import type { EventMetadata } from '../eventstore/event-store.port';
import { CommandBus } from '../platform/command-bus';
import { isUuid } from './bid-ids';

/**
 * What a bid command reads besides the actor, from the streams (the source of truth) rather
 * than from read models: the bid and the posting it is on.
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

  /** The bid as its stream folds it; 404 when it does not exist. */
  async bid(bidId: string): Promise<Bid> {
    if (!isUuid(bidId)) throw new NotFoundError(BID_MESSAGES.notFound);
    const state = await this.commands.load(bidStream(bidId), bidDecider);
    if (state.current_state === 'none') throw new NotFoundError(BID_MESSAGES.notFound);
    return state;
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
