import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityPostingView } from '@domain/postings';

import { postingKeys } from './keys';

/** GET /job-postings/my-postings: the facility's postings, those needing a response first, then newest. */
export function getMyPostings(options?: RequestOptions): Promise<FacilityPostingView[]> {
  return api.get<FacilityPostingView[]>('/job-postings/my-postings', options);
}

export const myPostingsQueryOptions = () =>
  queryOptions({ queryKey: postingKeys.mine(), queryFn: ({ signal }) => getMyPostings({ signal }) });

export const useMyPostings = () => useQuery(myPostingsQueryOptions());
