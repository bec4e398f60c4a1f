import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityJobPosting, JobPostingView } from '@/types/api';

import { postingKeys } from './keys';

/**
 * GET /job-postings/{id}. Public; the session's token is sent when signed in, and the posting's
 * own facility and admins then get the wider view (actions, counts, creator).
 */
export function getPosting(id: string, options?: RequestOptions): Promise<JobPostingView> {
  return api.get<JobPostingView>(`/job-postings/${encodeURIComponent(id)}`, options);
}

export const postingQueryOptions = (id: string) =>
  queryOptions({ queryKey: postingKeys.detail(id), queryFn: ({ signal }) => getPosting(id, { signal }) });

export const usePosting = (id: string) => useQuery(postingQueryOptions(id));

/** The facility's view carries `actions`; the public one does not. */
export function isFacilityView(posting: JobPostingView | undefined | null): posting is FacilityJobPosting {
  return !!posting && Array.isArray((posting as Partial<FacilityJobPosting>).actions);
}
