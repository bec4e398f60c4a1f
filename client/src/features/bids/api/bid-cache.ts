/**
 * Keeps the cached bid lists in step with a bid as the server answered or pushed it: the same row
 * the recipient's own list call returns, so it replaces the cached one (or joins the list).
 */
import type { QueryClient } from '@tanstack/react-query';

import { isFacilityBidView, type ApplicantBidView, type FacilityBidView } from '@domain/bids';

import { bidKeys } from './bid-keys';

function newer(incoming: { updated_at: string }, cached: { updated_at: string }): boolean {
  const a = Date.parse(incoming.updated_at);
  const b = Date.parse(cached.updated_at);
  return Number.isNaN(a) || Number.isNaN(b) || a >= b;
}

export interface BidUpsert<T> {
  /** The list the bid belongs to was cached (someone is showing it). */
  listed: boolean;
  /** The bid as cached before, if it was. */
  previous: T | undefined;
  /** Whether the cache changed. */
  changed: boolean;
}

function upsertInto<T extends ApplicantBidView>(queryClient: QueryClient, key: readonly unknown[], bid: T): BidUpsert<T> {
  const result: BidUpsert<T> = { listed: false, previous: undefined, changed: false };
  queryClient.setQueryData<T[]>(key, (list) => {
    if (!list) return list;
    result.listed = true;
    const index = list.findIndex((item) => item.id === bid.id);
    if (index === -1) {
      result.changed = true;
      return [...list, bid];
    }
    result.previous = list[index];
    // A late answer or push must not undo a newer state.
    if (!newer(bid, list[index]) || JSON.stringify(list[index]) === JSON.stringify(bid)) return list;
    result.changed = true;
    return list.map((item, i) => (i === index ? bid : item));
  });
  return result;
}

/** The applicant's own bid into their list. */
export function upsertApplicantBid(queryClient: QueryClient, bid: ApplicantBidView): BidUpsert<ApplicantBidView> {
  return upsertInto(queryClient, bidKeys.mine(), bid);
}

/** A facility view of a bid into its posting's list. */
export function upsertFacilityBid(queryClient: QueryClient, bid: FacilityBidView): BidUpsert<FacilityBidView> {
  return upsertInto(queryClient, bidKeys.posting(bid.job_posting_id), bid);
}

/** Either view into the list it belongs to; the histories it changed are refetched when shown. */
export function upsertBid(queryClient: QueryClient, bid: ApplicantBidView | FacilityBidView): BidUpsert<ApplicantBidView> {
  const result = isFacilityBidView(bid) ? upsertFacilityBid(queryClient, bid) : upsertApplicantBid(queryClient, bid);
  if (result.changed || !result.listed) refreshHistories(queryClient, bid);
  return result;
}

export function refreshHistories(queryClient: QueryClient, bid: Pick<ApplicantBidView, 'id' | 'job_posting_id'>): void {
  void queryClient.invalidateQueries({ queryKey: bidKeys.history(bid.id) });
  void queryClient.invalidateQueries({ queryKey: bidKeys.postingHistory(bid.job_posting_id) });
}
