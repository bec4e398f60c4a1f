import { Injectable } from '@nestjs/common';
import { BID_MESSAGES, bidDecider, bidStream, type Bid, type BidActor, type PostingSnapshot } from '../domain/bids';
import { FACILITY_STANDING_EVENTS, facilityDecider, facilityStream, isFacilityStream } from '../domain/facilities/facility';
import { POSTING_MESSAGES, postingDecider, postingStream, type Posting } from '../domain/postings';
import { NotFoundError } from '../domain/shared/errors';
import { displayName, type SessionUser } from '../auth/session-user';
import type { EventMetadata } from '../eventstore/event-store.port';
import { CommandBus, type Prefetched, type StreamState } from '../platform/command-bus';
import { isUuid } from './bid-ids';
import { bidStateSnapshot } from '../../../projections';

/** How many bid -> posting and posting -> facility links are remembered (a few MB at most). */
const REMEMBERED_LINKS = 20_000;

/**
 * What a bid command reads besides the actor, from the streams (the source of truth) rather
 * than from read models: the bid, the posting it is on and that posting's facility's standing.
 *
 * Only links that never change are remembered (the posting a bid is on, the facility a posting
 * belongs to), so that a command can read every stream it needs in one round trip (`prefetch`);
 * the streams themselves are always read fresh.
 */
@Injectable()
export class BidContext {
  private readonly postingOfBid = new Map<string, string>();
  private readonly facilityOfPosting = new Map<string, string>();

  constructor(private readonly commands: CommandBus) {}

  /**
   * Reads the streams a command on this bid (or on this posting) will fold, in one round trip:
   * `streams`, plus the bid's posting and its facility when those links are known. The bid comes
   * as its snapshot (the postings read model's row for it) and the events after it, where the
   * row is there. `kept`: for a command, which may decide on the states this instance kept from
   * its last commands on these streams (checked unchanged at its append, see CommandBus).
   */
  prefetch(streams: (string | null)[], on: { bidId?: string; postingId?: string }, options: { kept?: boolean } = {}): Promise<Prefetched> {
    const postingId = on.postingId ?? (on.bidId ? this.postingOfBid.get(on.bidId) : undefined);
    const facilityId = postingId ? this.facilityOfPosting.get(postingId) : undefined;
    const wanted = [
      ...streams,
      on.bidId && bidStream(on.bidId),
      postingId && postingStream(postingId),
      facilityId && facilityStream(facilityId),
    ];
    const streamsWanted = wanted.filter((stream): stream is string => Boolean(stream));
    // Facilities (the posting's, and the acting member's) only count by their standing.
    const facilities = streamsWanted.filter(isFacilityStream);
    const snapshots = on.bidId ? [bidStateSnapshot(on.bidId)] : [];
    return this.commands.prefetch(streamsWanted, { streams: facilities, types: FACILITY_STANDING_EVENTS }, snapshots, options);
  }

  /** The posting as its own stream folds it; 404 when it does not exist. */
  async posting(postingId: string, prefetched?: Prefetched): Promise<Posting> {
    return (await this.postingAt(postingId, prefetched)).state;
  }

  /** The posting with the version it was read at, for a command that also appends to it. */
  async postingAt(postingId: string, prefetched?: Prefetched): Promise<StreamState<Posting>> {
    if (!isUuid(postingId)) throw new NotFoundError(POSTING_MESSAGES.notFound);
    const read = await this.commands.read(postingStream(postingId), postingDecider, prefetched);
    if (read.state.status === 'none') throw new NotFoundError(POSTING_MESSAGES.notFound);
    remember(this.facilityOfPosting, postingId, read.state.facility_id);
    return { state: read.state, expected: read.expected };
  }

  /** What the bid decider checks of a posting, with its facility's standing from the facility's stream. */
  async snapshot(posting: Posting, prefetched?: Prefetched): Promise<PostingSnapshot> {
    const facility = await this.commands.load(facilityStream(posting.facility_id), facilityDecider, prefetched);
    return {
      status: posting.status,
      auto_expire_date: posting.auto_expire_date,
      facility_id: posting.facility_id,
      hourly_rate: posting.fields.hourly_rate,
      facility_active: facility.exists && facility.is_active,
    };
  }

  /** The bid as its stream folds it; 404 when it does not exist. */
  async bid(bidId: string, prefetched?: Prefetched): Promise<Bid> {
    if (!isUuid(bidId)) throw new NotFoundError(BID_MESSAGES.notFound);
    const state = await this.commands.load(bidStream(bidId), bidDecider, prefetched);
    if (state.current_state === 'none') throw new NotFoundError(BID_MESSAGES.notFound);
    remember(this.postingOfBid, bidId, state.job_posting_id);
    return state;
  }
}

/** Remembers a link, forgetting all when full (they are cheap to learn again). */
function remember(links: Map<string, string>, from: string, to: string): void {
  if (links.size >= REMEMBERED_LINKS && !links.has(from)) links.clear();
  links.set(from, to);
}

/** Who acted, kept with each event so histories name the side and the person. */
export function bidMetadata(user: SessionUser, actor: BidActor): EventMetadata {
  return { actor: { user_id: user.id, side: actor.side, name: displayName(user) } };
}
