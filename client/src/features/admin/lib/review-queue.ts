import type { ReviewReason } from '@domain/admin/review-queue';

/** The review queue's words, written once (the console and its tests read them). */
export const reviewMessages = {
  empty: 'Nothing to review. New registrations appear here.',
  loadFailed: 'Failed to load the review queue',
  unnamed: 'Unnamed',
  tab: (count: number | undefined) => (count === undefined ? 'Review queue' : `Review queue (${count})`),
  reason: { new_registration: 'New registration', identity_change: 'Identity change' } satisfies Record<ReviewReason, string>,
  since: (reason: ReviewReason) => (reason === 'identity_change' ? 'Changed' : 'Submitted'),
  showingOldest: (shown: number, count: number) => `The oldest ${shown} of ${count}`,
};
