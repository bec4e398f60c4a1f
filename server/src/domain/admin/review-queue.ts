/**
 * GET /api/admin/review-queue: the facilities and applicants awaiting verification, oldest
 * first, with how many of each there are. The client imports these schemas and the reason rule.
 */
import { z } from 'zod';
import { APPLICANT_ROLE_TYPES } from '../accounts/constants';

/** At most this many rows of each kind in one answer; the counts tell how many there are in all. */
export const REVIEW_QUEUE_LIMIT = 100;

export const REVIEW_REASONS = ['new_registration', 'identity_change'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

// The note ApplicantVerificationReset / FacilityVerificationReset leave (identityMessages.backInReviewNote).
const RESET_NOTE = /^\[([^\]]+)\] (Changed .+; back in review)$/;

/**
 * Why a pending record is in review, read from its verification notes: the last reset line makes
 * it an identity change (since that line's time); none, a new registration (since it was created).
 * Pending is reached only by registering or by a reset, so nothing else needs telling apart.
 */
export function reviewReason(notes: string, createdAt: string): { reason: ReviewReason; detail: string | null; in_review_since: string } {
  const resets = notes
    .split('\n')
    .map((line) => RESET_NOTE.exec(line))
    .filter((match) => match !== null);
  const last = resets.at(-1);
  if (!last) return { reason: 'new_registration', detail: null, in_review_since: createdAt };
  return { reason: 'identity_change', detail: last[2], in_review_since: last[1] };
}

const entryFields = {
  id: z.uuid(),
  name: z.string().describe("The facility's name, or the applicant's full name ('' when none is recorded)."),
  email: z.string().nullable().describe("The facility admin's or the applicant's email."),
  email_verified: z.boolean().nullable(),
  created_at: z.string().describe('ISO date-time: when the record was registered.'),
  reason: z.enum(REVIEW_REASONS),
  detail: z.string().nullable().describe("For an identity change, what changed (e.g. 'Changed license number; back in review')."),
  in_review_since: z.string().describe('ISO date-time: registration, or the latest identity change.'),
};

export const reviewQueueFacilitySchema = z.object({ ...entryFields, facility_type: z.string().nullable() });
export type ReviewQueueFacility = z.infer<typeof reviewQueueFacilitySchema>;

export const reviewQueueApplicantSchema = z.object({ ...entryFields, role_type: z.enum(APPLICANT_ROLE_TYPES) });
export type ReviewQueueApplicant = z.infer<typeof reviewQueueApplicantSchema>;

export const reviewQueueSchema = z.object({
  facilities: z.array(reviewQueueFacilitySchema).describe(`Oldest registration first, at most ${REVIEW_QUEUE_LIMIT}.`),
  applicants: z.array(reviewQueueApplicantSchema).describe(`Oldest registration first, at most ${REVIEW_QUEUE_LIMIT}.`),
  counts: z.object({ facilities: z.number().int(), applicants: z.number().int() }).describe('How many of each await review in all.'),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** One pending record as the server's SQL loads it. */
interface QueueRow {
  id: string;
  name: string;
  email: string | null;
  email_verified: boolean | null;
  verification_notes: string;
  created_at: Date;
}

function entry(row: QueueRow) {
  const created = row.created_at.toISOString();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.email_verified,
    created_at: created,
    ...reviewReason(row.verification_notes, created),
  };
}

export type ReviewQueueFacilityRow = QueueRow & { facility_type: string | null };
export type ReviewQueueApplicantRow = QueueRow & { role_type: ReviewQueueApplicant['role_type'] };

export const reviewQueueFacility = (row: ReviewQueueFacilityRow): ReviewQueueFacility => ({
  ...entry(row),
  facility_type: row.facility_type,
});

export const reviewQueueApplicant = (row: ReviewQueueApplicantRow): ReviewQueueApplicant => ({
  ...entry(row),
  role_type: row.role_type,
});
