/**
 * What the owners of a record (an applicant, a facility's admins) and the platform admins are
 * told about its review: the subjects and sentences of the review emails, written once.
 */

/** An admin's decision on a record, as its owner hears of it. */
export type ReviewDecision = 'verified' | 'rejected' | 'suspended' | 'reactivated';

export type ReviewedKind = 'applicant' | 'facility';

/**
 * The admin's own words in a lifecycle note: "Rejected by Dana Admin (Blurry license)" gives
 * "Blurry license"; a note with no text in brackets gives null. The note is written by
 * `actionNote` as "{Action} by {admin}" with the admin's text in brackets.
 */
export function adminReason(notes: string, adminName: string | null | undefined): string | null {
  const withName = adminName ? new RegExp(`^\\w+ by ${escapeRegExp(adminName)} \\(([\\s\\S]*)\\)$`).exec(notes) : null;
  const match = withName ?? /^\w+ by [^(]*\(([\s\S]*)\)$/.exec(notes);
  if (match) return match[1].trim() || null;
  return /^\w+ by /.test(notes) ? null : notes.trim() || null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const reviewMessages = {
  /** The platform admins' email when a new record waits for its first review. */
  awaitingReview: (kind: ReviewedKind, name: string) => `New ${kind} awaiting review: ${name}`,

  subject: {
    applicant: {
      verified: 'Your Tenens account is verified',
      rejected: 'We could not verify your Tenens account yet',
      suspended: 'Your Tenens account is deactivated',
      reactivated: 'Your Tenens account is active again',
    },
    facility: {
      verified: (name: string) => `${name} is verified on Tenens`,
      rejected: (name: string) => `We could not verify ${name} yet`,
      suspended: (name: string) => `${name} is suspended on Tenens`,
      reactivated: (name: string) => `${name} is active again on Tenens`,
    },
  },
} as const;
