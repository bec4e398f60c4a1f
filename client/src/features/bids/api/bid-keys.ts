/** Query keys of the bids feature: all under 'bids' (but the posting), so one invalidation refreshes every bid. */
export const bidKeys = {
  all: ['bids'] as const,
  /** The applicant's bids (GET /job-bids/my-bids), every filter: filtering is done on screen. */
  mine: () => ['bids', 'mine'] as const,
  /** The bids on one posting, facility view (GET /job-bids/job/{id}/bids). */
  posting: (postingId: string) => ['bids', 'posting', postingId] as const,
  /**
   * GET /job-postings/{id}, raw. Deliberately the postings feature's detail key (features do not
   * import each other): the posting page then fetches once, and its 'posting.updated' refetch
   * (withdrawn, expired) reaches the bid section too.
   */
  jobPosting: (postingId: string) => ['job-postings', 'detail', postingId] as const,
  history: (bidId: string) => ['bids', 'history', bidId] as const,
  postingHistory: (postingId: string) => ['bids', 'posting-history', postingId] as const,
};
