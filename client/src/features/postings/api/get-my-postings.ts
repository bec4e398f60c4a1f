import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityJobPosting } from '@/types/api';

import { postingKeys } from './keys';

/** GET /job-postings/my-postings: the facility's postings, those needing a response first, then newest. */
export function getMyPostings(options?: RequestOptions): Promise<FacilityJobPosting[]> {
  return api.get<FacilityJobPosting[]>('/job-postings/my-postings', options);
}

export const myPostingsQueryOptions = () =>
  queryOptions({ queryKey: postingKeys.mine(), queryFn: ({ signal }) => getMyPostings({ signal }) });

export const useMyPostings = () => useQuery(myPostingsQueryOptions());
