/** Query keys of the bids feature: all under 'bids', so one invalidation refreshes every bid. */
export const bidKeys = {
  all: ['bids'] as const,
  /** The applicant's bids (GET /job-bids/my-bids), every filter: filtering is done on screen. */
  mine: () => ['bids', 'mine'] as const,
  /** The bids on one posting, facility view (GET /job-bids/job/{id}/bids). */
  posting: (postingId: string) => ['bids', 'posting', postingId] as const,
  history: (bidId: string) => ['bids', 'history', bidId] as const,
  postingHistory: (postingId: string) => ['bids', 'posting-history', postingId] as const,
};
