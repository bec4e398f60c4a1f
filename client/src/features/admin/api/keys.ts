/**
 * Query keys of the admin console. A record's key prefixes its users, history, postings and
 * bids, so invalidating `facility(id)` reloads the record and everything under it together.
 */
export type AdminRecordKind = 'facility' | 'applicant';

export const adminKeys = {
  all: ['admin'] as const,
  reviewQueue: () => ['admin', 'review-queue'] as const,
  facilities: () => ['admin', 'facilities', 'list'] as const,
  facility: (id: string) => ['admin', 'facilities', id] as const,
  facilityUsers: (id: string) => ['admin', 'facilities', id, 'users'] as const,
  facilityHistory: (id: string) => ['admin', 'facilities', id, 'history'] as const,
  facilityPostings: (id: string) => ['admin', 'facilities', id, 'postings'] as const,
  facilityPayments: (id: string, page: number) => ['admin', 'facilities', id, 'payments', page] as const,
  applicants: () => ['admin', 'applicants', 'list'] as const,
  applicant: (id: string) => ['admin', 'applicants', id] as const,
  applicantHistory: (id: string) => ['admin', 'applicants', id, 'history'] as const,
  applicantBids: (id: string) => ['admin', 'applicants', id, 'bids'] as const,
  audit: (search: Record<string, string>) => ['admin', 'audit', search] as const,
  /** The list a record appears in. */
  list: (kind: AdminRecordKind) => (kind === 'facility' ? adminKeys.facilities() : adminKeys.applicants()),
  /** The record with everything under it (users, history, postings, bids). */
  record: (kind: AdminRecordKind, id: string) => (kind === 'facility' ? adminKeys.facility(id) : adminKeys.applicant(id)),
};

/** The minimal query client surface the refresh needs (keeps this file free of React). */
interface Invalidator {
  setQueryData: (key: readonly unknown[], data: unknown) => unknown;
  invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void>;
}

/**
 * After an admin action (or a pushed 'record.updated'): reloads the record, with its users and
 * history, the list it appears in and the review queue (a verdict or a reset moves it in or out). `updated`, when the action answered with the record, is
 * shown at once while the reload runs.
 */
export function refreshAdminRecord(queryClient: Invalidator, kind: AdminRecordKind, id: string, updated?: unknown): Promise<unknown> {
  if (updated && typeof updated === 'object') queryClient.setQueryData(adminKeys.record(kind, id), updated);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.record(kind, id) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.list(kind) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.reviewQueue() }),
  ]);
}
