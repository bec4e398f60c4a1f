import { useInfiniteQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { AuditPage } from '@domain/admin/audit';

import type { AuditSearch } from '../lib/audit-search';
import { adminKeys } from './keys';

/** GET /admin/audit: one page of the filtered log, newest first, before `cursor`. */
export function getAudit(search: AuditSearch, cursor: string | undefined, options?: RequestOptions): Promise<AuditPage> {
  return api.get<AuditPage>('/admin/audit', { ...options, query: { ...search, cursor } });
}

/** The audit's pages, each loaded on demand ("Load older events"). */
export const useAudit = (search: AuditSearch) =>
  useInfiniteQuery({
    queryKey: adminKeys.audit(search),
    queryFn: ({ pageParam, signal }) => getAudit(search, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
