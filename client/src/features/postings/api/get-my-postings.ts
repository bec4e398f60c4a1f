import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';
import { LIST_PAGE_LIMITS } from '@domain/shared/paging';

import { postingKeys } from './keys';

/** The server's largest page: the dashboard filters it on screen. */
export const MY_POSTINGS_LIMIT = LIST_PAGE_LIMITS.max;

/** GET /job-postings/my-postings: the facility's postings, those needing a response first, then newest. */
export function getMyPostings(options?: RequestOptions): Promise<FacilityPostingView[]> {
  return api.get<FacilityPostingView[]>('/job-postings/my-postings', { ...options, query: { limit: MY_POSTINGS_LIMIT } });
}

export const myPostingsQueryOptions = () =>
  queryOptions({ queryKey: postingKeys.mine(), queryFn: ({ signal }) => getMyPostings({ signal }) });

export const useMyPostings = () => useQuery(myPostingsQueryOptions());
