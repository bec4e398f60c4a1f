import type { PostingStatus } from '@domain/postings';

/** A posting's status in words, the same on the facility's pages and in the admin console. */
export const POSTING_STATUS_LABELS: Record<PostingStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  filled: 'Filled',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};
