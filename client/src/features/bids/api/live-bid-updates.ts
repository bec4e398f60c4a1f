/**
 * 'bid.updated' pushes: the bid exactly as the recipient's own list returns it (applicant view to
 * the applicant, facility view to the facility). Each is upserted into the cached list, the
 * other side's moves are announced with a toast, and the changed row is flagged for a moment so
 * the screen can highlight it.
 */
import { formatRate } from '@domain/shared/format';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { useLiveEvent } from '@/hooks/use-live-updates';
import { isFacilityBidView, type ApplicantBidView, type FacilityBidView } from '@domain/bids';

import { refreshHistories, upsertApplicantBid, upsertFacilityBid } from './bid-cache';

/** How long a row that changed live stays highlighted. */
export const HIGHLIGHT_MS = 4000;

/** Ids of rows that changed live in the last HIGHLIGHT_MS, and the function that flags one. */
function useRecentlyChanged(): [ReadonlySet<string>, (id: string) => void] {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const flag = useCallback((id: string) => {
    setIds((current) => new Set(current).add(id));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setIds((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }, HIGHLIGHT_MS),
    );
  }, []);

  return [ids, flag];
}

interface News {
  title: string;
  message: string;
  color: string;
}

/** Shown once per change, however many components listen (same id, one toast). */
function announce(bid: ApplicantBidView, news: News): void {
  notifications.show({
    id: `bid-${bid.id}-${bid.current_state}-${bid.updated_at}`,
    title: news.title,
    message: news.message,
    color: news.color,
    autoClose: 8000,
  });
}

const jobName = (bid: ApplicantBidView) => bid.job_title ?? 'this job';

/** What the applicant hears of the facility's moves; their own moves (other tabs) pass silently. */
function applicantNews(bid: ApplicantBidView, previous: ApplicantBidView | undefined): News | null {
  const facility = bid.facility.name ?? 'The facility';
  switch (bid.current_state) {
    case 'facility_countered':
      return {
        title: 'Counter offer received: your response needed',
        message: `${facility} countered with ${formatRate(bid.counter_rate)} for ${jobName(bid)}.`,
        color: 'orange',
      };
    case 'facility_accepted':
      return {
        title: 'Connection made',
        message: `${facility} accepted your bid of ${formatRate(bid.current_rate)} for ${jobName(bid)}. Check your email for their contact details.`,
        color: 'green',
      };
    case 'facility_rejected':
      return { title: 'Bid not selected', message: `${facility} rejected your bid for ${jobName(bid)}.`, color: 'gray' };
    case 'applicant_submitted':
      return previous?.current_state === 'facility_rejected'
        ? { title: 'Bid reopened', message: `${facility} is reconsidering your bid for ${jobName(bid)}.`, color: 'blue' }
        : null;
    default:
      return null;
  }
}

/** What the facility hears of the applicant's moves; a colleague's moves pass silently. */
function facilityNews(bid: FacilityBidView, previous: FacilityBidView | undefined): News | null {
  const name = bid.applicant_name ?? 'an applicant';
  const Name = bid.applicant_name ?? 'The applicant';
  if (!previous) {
    return { title: `New bid from ${name}`, message: `${formatRate(bid.proposed_rate)} for ${jobName(bid)}.`, color: 'tenens' };
  }
  switch (bid.current_state) {
    case 'applicant_countered':
      return { title: 'Counter offer received', message: `${Name} countered with ${formatRate(bid.counter_rate)}.`, color: 'blue' };
    case 'applicant_counter_accepted':
      return {
        title: 'Connection made',
        message: `${Name} accepted your counter offer of ${formatRate(bid.current_rate)}. Check your email for their contact details.`,
        color: 'green',
      };
    case 'applicant_counter_rejected':
      return { title: 'Counter offer rejected', message: `${Name} rejected your counter offer.`, color: 'gray' };
    case 'applicant_withdrawn':
      return { title: 'Bid withdrawn', message: `${Name} withdrew their bid.`, color: 'gray' };
    default:
      return null;
  }
}

/** On the applicant's screens: keeps GET /job-bids/my-bids live. Returns the ids just changed. */
export function useApplicantBidLiveUpdates(): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const [changed, flag] = useRecentlyChanged();
  useLiveEvent('bid.updated', (bid) => {
    if (isFacilityBidView(bid)) return;
    const result = upsertApplicantBid(queryClient, bid);
    if (result.changed || !result.listed) refreshHistories(queryClient, bid);
    if (!result.listed || !result.changed) return;
    if (result.previous?.current_state === bid.current_state) return;
    const news = applicantNews(bid, result.previous);
    if (!news) return;
    announce(bid, news);
    flag(bid.id);
  });
  return changed;
}

/**
 * On a posting's applicants list: keeps GET /job-bids/job/{id}/bids live. Returns the ids just
 * changed. Only the facility's members are told with a toast: a platform admin watching is not a
 * party to the negotiation, and sees the rows move and light up.
 */
export function useFacilityBidLiveUpdates(postingId: string, { announced }: { announced: boolean }): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const [changed, flag] = useRecentlyChanged();
  useLiveEvent('bid.updated', (bid) => {
    if (!isFacilityBidView(bid) || bid.job_posting_id !== postingId) return;
    const result = upsertFacilityBid(queryClient, bid);
    if (result.changed || !result.listed) refreshHistories(queryClient, bid);
    if (!result.listed || !result.changed) return;
    if (result.previous?.current_state === bid.current_state) return;
    flag(bid.id);
    const news = announced ? facilityNews(bid, result.previous) : null;
    if (news) announce(bid, news);
  });
  return changed;
}
