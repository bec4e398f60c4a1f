import { pluralize } from '@domain/shared/format';
import type { PostingStatus } from '@domain/postings';

/**
 * Words and colours for the admin console's 'Job postings' and 'Applications' sections. A bid's
 * state is named for an admin, neither party, by the shared stateLabel(state, 'admin').
 */

// Text darker than Mantine's light-variant defaults, as the verification badges do (>= 4.5:1).
export const POSTING_STATUS_STYLE: Record<PostingStatus, { color: string; text: string }> = {
  draft: { color: 'gray', text: 'gray.8' },
  active: { color: 'green', text: '#1b6b30' },
  filled: { color: 'blue', text: '#1c4f8a' },
  withdrawn: { color: 'orange', text: '#9a3d00' },
  expired: { color: 'red', text: '#a61e1e' },
};

/** '2 bids', '1 bid', 'No bids'. */
export function bidCountLabel(count: number): string {
  return count === 0 ? 'No bids' : pluralize(count, 'bid');
}
