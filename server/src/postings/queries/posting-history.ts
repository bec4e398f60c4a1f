import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { bidStream } from '../../domain/bids';
import { POSTING_MESSAGES, postingDecider, postingStream } from '../../domain/postings';
import { NotFoundError } from '../../domain/shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { applicantName } from '../../domain/bids/bid-view';
import { bidHistory, inLogOrder, postingHistory } from '../../bids/history/negotiation-history';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../eventstore/event-store.port';
import { POSTING_HISTORY_CAP } from '../../domain/shared/history';
import { CommandBus } from '../../platform/command-bus';

export const POSTING_HISTORY_DENIED = "Only the facility that posted this job and platform admins can see this posting's history.";

/**
 * A posting's audit timeline, read from the log itself: its own events and those of all its
 * bids, merged in log order, for the posting's facility and platform admins. One read of the log
 * for all of them, bounded: the first POSTING_HISTORY_CAP events, and whether there are more.
 */
@Injectable()
export class PostingHistory {
  constructor(
    private readonly db: DataSource,
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async of(user: SessionUser, postingId: string) {
    const posting = await this.commands.load(postingStream(postingId), postingDecider);
    if (posting.status === 'none') throw new NotFoundError(POSTING_MESSAGES.notFound);
    if (!user.is_admin) {
      if (!user.membership) throw new ForbiddenException(POSTING_HISTORY_DENIED);
      if (user.membership.facility_id !== posting.facility_id) throw new ForbiddenException(POSTING_MESSAGES.otherFacility);
    }
    const bids: { id: string; applicant_first_name: string | null; applicant_last_name: string | null }[] = await this.db.query(
      `SELECT b.id, a.first_name AS applicant_first_name, a.last_name AS applicant_last_name
         FROM bids b LEFT JOIN bid_applicants a ON a.id = b.applicant_id
        WHERE b.job_posting_id = $1`,
      [postingId],
    );
    const names = new Map(bids.map((bid) => [bid.id, applicantName(bid)]));
    // One read of every stream together, one event beyond the cap to tell whether there is more.
    const events = await this.events.readTimeline(
      [postingStream(postingId), ...bids.map((bid) => bidStream(bid.id))],
      POSTING_HISTORY_CAP + 1,
    );
    const shown = events.slice(0, POSTING_HISTORY_CAP);
    const entries = inLogOrder([...postingHistory(shown.filter(inStream(postingStream(postingId)))), ...bidHistories(shown)]);
    return {
      more: events.length > POSTING_HISTORY_CAP,
      entries: entries.map((entry) => ({ ...entry, applicant_name: entry.bid_id ? (names.get(entry.bid_id) ?? null) : null })),
    };
  }
}

const inStream = (stream: string) => (event: RecordedEvent) => event.stream === stream;

/** The bid events among `events`, folded stream by stream (each is a prefix of its stream). */
function bidHistories(events: RecordedEvent[]) {
  const byStream = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    if (event.stream.startsWith('bid-')) byStream.set(event.stream, [...(byStream.get(event.stream) ?? []), event]);
  }
  return [...byStream.values()].flatMap(bidHistory);
}
