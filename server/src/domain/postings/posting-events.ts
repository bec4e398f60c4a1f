/** Events of a job posting stream (`posting-{id}`), Emmett style: `{ type, data }`. */
import { eventGuard, type Event } from '../shared/events';
import type { PostingFields } from './job-form';

export const postingStream = (postingId: string) => `posting-${postingId}`;

/** Who acted and when (ISO date-time from the command's `now`). */
interface Acted {
  user_id: string;
  at: string;
}

export type PostingCreated = Event<
  'PostingCreated',
  PostingFields & {
    posting_id: string;
    facility_id: string;
    created_by: string;
    /** ISO date-time; the form's choice or one month after creation. */
    auto_expire_date: string;
    at: string;
  }
>;

/** Only the fields that changed, with their new values. */
export type PostingChanges = Partial<PostingFields> & { auto_expire_date?: string };

export type PostingEdited = Event<'PostingEdited', Acted & { changes: PostingChanges }>;

/** Went live, starting a period that ends at auto_expire_date; paid with a posting credit. */
export type PostingPublished = Event<
  'PostingPublished',
  Acted & { published_at: string; auto_expire_date: string; paid_with: 'credit' | 'payment' }
>;

/**
 * Publishing needs a payment first; the posting keeps its status until PostingActivated.
 * requested_auto_expire_date: an end the publisher chose for the period, if any.
 */
export type PostingPaymentRequired = Event<'PostingPaymentRequired', Acted & { requested_auto_expire_date: string | null }>;

/** The payment went through: live, as PostingPublished with paid_with 'payment'. */
export type PostingActivated = Event<
  'PostingActivated',
  { user_id: string | null; at: string; published_at: string; auto_expire_date: string }
>;

/** user_id null: withdrawn by the system because billing stopped for want of payment. */
export type PostingWithdrawn = Event<'PostingWithdrawn', { user_id: string | null; at: string }>;

export type PostingReactivated = Event<'PostingReactivated', Acted>;

/** The period ended (recorded by the expiry job; the status was already 'expired' by time). */
export type PostingExpired = Event<'PostingExpired', { auto_expire_date: string; at: string }>;

/** A bid on the posting became a connection (recorded once per bid, by the openings job). */
export type PostingConnectionMade = Event<'PostingConnectionMade', { bid_id: string; at: string }>;

/** Its connections reached its openings: out of search, no new bids, the open ones close. */
export type PostingFilled = Event<'PostingFilled', { openings: number; connections: number; at: string }>;

/** A filled posting takes bids again (a connection fell through, or the facility wants more people). */
export type PostingReopened = Event<'PostingReopened', Acted>;

export type PostingEvent =
  | PostingCreated
  | PostingEdited
  | PostingPublished
  | PostingPaymentRequired
  | PostingActivated
  | PostingWithdrawn
  | PostingReactivated
  | PostingExpired
  | PostingConnectionMade
  | PostingFilled
  | PostingReopened;

export type PostingEventType = PostingEvent['type'];

export const POSTING_EVENT_TYPES: readonly PostingEventType[] = [
  'PostingCreated',
  'PostingEdited',
  'PostingPublished',
  'PostingPaymentRequired',
  'PostingActivated',
  'PostingWithdrawn',
  'PostingReactivated',
  'PostingExpired',
  'PostingConnectionMade',
  'PostingFilled',
  'PostingReopened',
];

export const isPostingEvent = eventGuard<PostingEvent>(POSTING_EVENT_TYPES);
