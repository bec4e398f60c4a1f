import { Controller, ForbiddenException, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { bidStream } from '../../domain/bids';
import { POSTING_MESSAGES, postingStream } from '../../domain/postings';
import { CurrentUser, SignedIn } from '../../auth/access';
import type { SessionUser } from '../../auth/session-user';
import { EVENT_STORE, type EventStore } from '../../eventstore/event-store.port';
import { BidContext } from '../bid-context';
import { applicantName } from '../../domain/bids/bid-view';
import type { HistoryEntry } from '../../domain/shared/history';
import { bidHistory, inLogOrder, postingHistory } from './negotiation-history';

export const HISTORY_MESSAGES = {
  bidHistoryDenied: "Only the applicant, the facility and platform admins can see this bid's history.",
  postingHistoryDenied: "Only the facility that posted this job and platform admins can see this posting's history.",
} as const;

/**
 * Audit timelines read from the log itself: a bid's (both parties and admins) and a posting's
 * with all of its bids, merged in log order (the posting's facility and admins).
 */
@ApiTags('bids')
@ApiBearerAuth()
@SignedIn()
@Controller()
export class HistoryController {
  constructor(
    private readonly db: DataSource,
    private readonly context: BidContext,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  @Get('job-bids/:id/history')
  @ApiOperation({ summary: "A bid's negotiation, event by event" })
  async bid(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<HistoryEntry[]> {
    const bidId = id.toLowerCase();
    const bid = await this.context.bid(bidId);
    const mayRead = user.is_admin || user.applicant_id === bid.applicant_id || user.membership?.facility_id === bid.facility_id;
    if (!mayRead) throw new ForbiddenException(HISTORY_MESSAGES.bidHistoryDenied);
    return bidHistory(await this.events.readStream(bidStream(bidId)));
  }

  @Get('job-postings/:id/history')
  @ApiOperation({ summary: "A posting's events and those of all its bids, in log order" })
  async posting(@CurrentUser() user: SessionUser, @Param('id') id: string) {
    const postingId = id.toLowerCase();
    const posting = await this.context.posting(postingId);
    if (!user.is_admin) {
      if (!user.membership) throw new ForbiddenException(HISTORY_MESSAGES.postingHistoryDenied);
      if (user.membership.facility_id !== posting.facility_id) throw new ForbiddenException(POSTING_MESSAGES.otherFacility);
    }
    const bids: { id: string; applicant_first_name: string | null; applicant_last_name: string | null }[] = await this.db.query(
      `SELECT b.id, a.first_name AS applicant_first_name, a.last_name AS applicant_last_name
         FROM bids b LEFT JOIN bid_applicants a ON a.id = b.applicant_id
        WHERE b.job_posting_id = $1`,
      [postingId],
    );
    const names = new Map(bids.map((bid) => [bid.id, applicantName(bid)]));
    const [own, ...ofBids] = await Promise.all([
      this.events.readStream(postingStream(postingId)).then(postingHistory),
      ...bids.map((bid) => this.events.readStream(bidStream(bid.id)).then(bidHistory)),
    ]);
    return inLogOrder([...own, ...ofBids.flat()]).map((entry) => ({
      ...entry,
      applicant_name: entry.bid_id ? (names.get(entry.bid_id) ?? null) : null,
    }));
  }
}
