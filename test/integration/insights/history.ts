import { randomUUID } from 'node:crypto';
import type { BidEvent } from '../../../server/src/domain/bids';
import type { PostingEvent, PostingFields } from '../../../server/src/domain/postings';
import { EVENT_STORE, type EventStore } from '../../../server/src/eventstore/event-store.port';
import type { TestApp } from '../../support/app';
import { jobForm } from '../../support/postings';

export const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const SYSTEM = { actor: { user_id: null, side: 'system' as const, name: 'Insights test' } };

/**
 * Market history written straight into the log at chosen moments (commands only take "now"):
 * postings created and published, bids submitted, countered and agreed, as the deciders record
 * them. The projections pick them up like any other append.
 */
export class MarketHistory {
  private readonly store: EventStore;
  private readonly facilityId = randomUUID();
  private readonly userId = randomUUID();

  constructor(t: TestApp) {
    this.store = t.app.get<EventStore>(EVENT_STORE);
  }

  /** A posting for `role` in `state` at `rate`, published `publishedDaysAgo` days ago (or never). */
  async posting(fields: Partial<PostingFields>, publishedDaysAgo: number | null): Promise<string> {
    const id = randomUUID();
    const at = daysAgo(publishedDaysAgo ?? 0);
    const form = { ...jobForm(), ...fields } as PostingFields;
    const events: PostingEvent[] = [
      {
        type: 'PostingCreated',
        data: { ...form, posting_id: id, facility_id: this.facilityId, created_by: this.userId, auto_expire_date: at, at },
      },
    ];
    if (publishedDaysAgo !== null) {
      const period = { published_at: at, auto_expire_date: new Date(Date.parse(at) + 30 * DAY).toISOString() };
      events.push({ type: 'PostingPublished', data: { user_id: this.userId, ...period, paid_with: 'credit', at } });
    }
    await this.store.append(
      `posting-${id}`,
      events.map((event) => ({ ...event, metadata: SYSTEM })),
      'no_stream',
    );
    return id;
  }

  async editPosting(postingId: string, changes: Partial<PostingFields>): Promise<void> {
    const event: PostingEvent = { type: 'PostingEdited', data: { user_id: this.userId, changes, at: new Date().toISOString() } };
    await this.store.append(`posting-${postingId}`, [{ ...event, metadata: SYSTEM }], 'any');
  }

  /**
   * A bid on `postingId` submitted `submittedDaysAgo` days ago; countered once when `countered`;
   * agreed at `agreedRate` `agreedDaysAgo` days ago when given.
   */
  async bid(
    postingId: string,
    options: { submittedDaysAgo: number; countered?: boolean; agreedRate?: number; agreedDaysAgo?: number },
  ): Promise<string> {
    const id = randomUUID();
    const submitted = daysAgo(options.submittedDaysAgo);
    const acted = (at: string) => ({ user_id: this.userId, at });
    const events: BidEvent[] = [
      {
        type: 'BidSubmitted',
        data: {
          ...acted(submitted),
          bid_id: id,
          job_posting_id: postingId,
          applicant_id: randomUUID(),
          applicant_user_id: randomUUID(),
          facility_id: this.facilityId,
          proposed_rate: 200,
          submitted_at: submitted,
        },
      },
    ];
    if (options.countered) events.push({ type: 'FacilityCountered', data: { ...acted(submitted), counter_rate: 190 } });
    if (options.agreedRate !== undefined) {
      const at = daysAgo(options.agreedDaysAgo ?? options.submittedDaysAgo);
      const type = options.countered ? 'CounterAccepted' : 'FacilityAccepted';
      events.push({ type, data: { ...acted(at), rate: options.agreedRate } });
    }
    await this.store.append(
      `bid-${id}`,
      events.map((event) => ({ ...event, metadata: SYSTEM })),
      'no_stream',
    );
    return id;
  }

  /** A connection on a fresh posting of `fields`, agreed `daysAgo` days ago. */
  async connection(fields: Partial<PostingFields>, rate: number, agreedDaysAgo = 3, countered = false): Promise<string> {
    // Posted and bid on half a day before the agreement: inside the window whenever the agreement is.
    const postingId = await this.posting(fields, agreedDaysAgo + 0.5);
    return this.bid(postingId, { submittedDaysAgo: agreedDaysAgo + 0.5, agreedRate: rate, agreedDaysAgo, countered });
  }
}
