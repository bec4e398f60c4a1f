/** An admin's free-form note on a facility or applicant record (POST /admin/{facilities|applicants}/{id}/notes). */
import { z } from 'zod';

export const ADMIN_NOTE_LIMITS = { maxLength: 2000 } as const;

export const ADMIN_NOTE_MESSAGES = {
  required: 'Write a note first',
  tooLong: `Notes are limited to ${ADMIN_NOTE_LIMITS.maxLength} characters`,
} as const;

export const adminNoteBodySchema = z.object(
  {
    notes: z
      .string({ error: ADMIN_NOTE_MESSAGES.required })
      .trim()
      .min(1, ADMIN_NOTE_MESSAGES.required)
      .max(ADMIN_NOTE_LIMITS.maxLength, ADMIN_NOTE_MESSAGES.tooLong),
  },
  { error: 'Send the note as a JSON object: {"notes": "..."}' },
);

export type AdminNoteBody = z.infer<typeof adminNoteBodySchema>;
