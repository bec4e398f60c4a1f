import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { ApplicantBidView } from '@domain/bids';
import { LIST_PAGE_LIMITS } from '@domain/shared/paging';

import { bidKeys } from './bid-keys';

/** The server's largest page (in the order the screen shows): an applicant's bids stay far below it. */
export const MY_BIDS_LIMIT = LIST_PAGE_LIMITS.max;

/** GET /job-bids/my-bids: all of the applicant's bids (applicant view); the screen filters and sorts. */
export function getMyBids(options?: RequestOptions): Promise<ApplicantBidView[]> {
  return api.get<ApplicantBidView[]>('/job-bids/my-bids', { ...options, query: { filter: 'all', limit: MY_BIDS_LIMIT } });
}

export const myBidsQueryOptions = () =>
  queryOptions({
    queryKey: bidKeys.mine(),
    queryFn: ({ signal }) => getMyBids({ signal }),
    // Live pushes keep it fresh while shown; a screen opened later refetches in the background.
    staleTime: 0,
  });

export const useMyBids = (options: { enabled?: boolean } = {}) => useQuery({ ...myBidsQueryOptions(), ...options });
