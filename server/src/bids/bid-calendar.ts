import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { CONFIG, type Config } from '../config/config';
import { isConnected, type Bid } from '../domain/bids';
import { jobCalendar } from '../domain/bids/job-calendar';
import type { Posting } from '../domain/postings';
import { ConflictError, ForbiddenError } from '../domain/shared/errors';
import { addressLines, formatRate } from '../domain/shared/format';
import { BidContext } from './bid-context';

export const CALENDAR_MESSAGES = {
  notAParty: 'Only the applicant and the facility of this bid can add it to their calendar.',
  notConnected: 'This bid is not connected yet: the calendar invite comes with the connection.',
} as const;

/**
 * A connection's calendar invite (.ics): the job's working days at the facility's address, read
 * from the streams (bid and posting) and the facility's read model row (its address now).
 */
@Injectable()
export class BidCalendar {
  constructor(
    private readonly db: DataSource,
    private readonly context: BidContext,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** GET /job-bids/{id}/calendar.ics: for the applicant and the facility's members, once connected. */
  async forCaller(user: SessionUser, bidId: string, now = new Date()): Promise<string> {
    const bid = await this.context.bid(bidId.toLowerCase());
    const party = user.applicant_id === bid.applicant_id || user.membership?.facility_id === bid.facility_id;
    if (!party) throw new ForbiddenError(CALENDAR_MESSAGES.notAParty);
    if (!isConnected(bid.current_state)) throw new ConflictError(CALENDAR_MESSAGES.notConnected);
    return this.ics(bid, await this.context.posting(bid.job_posting_id), now);
  }

  async ics(bid: Bid, posting: Posting, now = new Date()): Promise<string> {
    const [facility] = await this.db.query(
      'SELECT name, address_line1, address_line2, city, state, zip_code FROM facilities WHERE id = $1',
      [bid.facility_id],
    );
    return jobCalendar({
      bid_id: bid.bid_id,
      title: posting.fields.title,
      facility_name: facility?.name ?? 'the facility',
      start_date: posting.fields.start_date,
      end_date: posting.fields.end_date,
      week_days: posting.fields.week_days ?? [],
      location: facility ? addressLines(facility).join(', ') : '',
      rate_text: `${formatRate(bid.agreed_rate ?? bid.counter_rate ?? bid.proposed_rate)} agreed`,
      url: `${this.config.APP_URL}/jobs/${bid.job_posting_id}`,
      now,
    });
  }
}
