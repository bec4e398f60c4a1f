import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { FacilityPostingView, PostingView } from '@domain/postings';

import { postingKeys } from './keys';

/**
 * GET /job-postings/{id}. Public; the session's token is sent when signed in, and the posting's
 * own facility and admins then get the wider view (actions, counts, creator).
 */
export function getPosting(id: string, options?: RequestOptions): Promise<PostingView | FacilityPostingView> {
  return api.get<PostingView | FacilityPostingView>(`/job-postings/${encodeURIComponent(id)}`, options);
}

export const postingQueryOptions = (id: string) =>
  queryOptions({ queryKey: postingKeys.detail(id), queryFn: ({ signal }) => getPosting(id, { signal }) });

export const usePosting = (id: string) => useQuery(postingQueryOptions(id));

/** The facility's view carries `actions`; the public one does not. */
export function isFacilityView(posting: PostingView | FacilityPostingView | undefined | null): posting is FacilityPostingView {
  return !!posting && Array.isArray((posting as Partial<FacilityPostingView>).actions);
}
