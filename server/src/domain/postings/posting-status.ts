/** The public status of a posting, with 'expired' derived from time. */
import { instant } from './calendar';

/** Stored lifecycle status, as in the read model's `status` column. */
export const STORED_POSTING_STATUSES = ['draft', 'active', 'filled', 'withdrawn'] as const;
export type StoredPostingStatus = (typeof STORED_POSTING_STATUSES)[number];

export const POSTING_STATUSES = [...STORED_POSTING_STATUSES, 'expired'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

export interface PostingStatusInput {
  status: StoredPostingStatus;
  auto_expire_date: string | null;
}

/**
 * draft | active | filled | withdrawn | expired. Filled: its connections reached its openings, so it
 * left search and takes no bids until the facility reopens it. Expired once auto_expire_date <= now for a posting that
 * was published at least once, which is every non-draft: a posting never returns to draft, and
 * one awaiting payment for its first period is still a draft. Works on decider state and read
 * model rows alike.
 */
export function postingStatus(posting: PostingStatusInput, now: Date): PostingStatus {
  if (posting.status === 'draft') return 'draft';
  return isPastExpiry(posting.auto_expire_date, now) ? 'expired' : posting.status;
}

export function isPastExpiry(autoExpireDate: string | null, now: Date): boolean {
  const expiresAt = instant(autoExpireDate);
  return expiresAt !== null && expiresAt <= now.getTime();
}

/** Only active, unexpired postings are searchable and take bids. */
export function isOpenForBids(posting: PostingStatusInput, now: Date): boolean {
  return postingStatus(posting, now) === 'active';
}

/** What a facility member can do to a posting (the header actions of the posting page). */
export const POSTING_ACTIONS = ['edit', 'publish', 'withdraw', 'reactivate', 'reopen'] as const;
export type PostingAction = (typeof POSTING_ACTIONS)[number];

/**
 * The posting lifecycle in one table, read by the decider and the client alike. Editing is open
 * in every status (a withdrawn or expired posting is often fixed before it goes live again).
 */
export const POSTING_ACTIONS_BY_STATUS: Readonly<Record<PostingStatus, readonly PostingAction[]>> = {
  draft: ['edit', 'publish'],
  active: ['edit', 'withdraw'],
  // Reopen: a connection fell through, so the facility takes bids again in the same paid period.
  filled: ['edit', 'reopen', 'withdraw'],
  withdrawn: ['edit', 'reactivate'],
  expired: ['edit', 'publish'],
};

export function postingActions(posting: PostingStatusInput, now: Date): readonly PostingAction[] {
  return POSTING_ACTIONS_BY_STATUS[postingStatus(posting, now)];
}
