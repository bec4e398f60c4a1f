import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { LICENSE_FILTERS } from '../domain/applicants/license-expiry';
import { adminNoteBodySchema } from '../domain/admin/notes';
import { MAX_LIST_OFFSET } from '../domain/shared/limits';

export const verifyQuerySchema = z.object({
  verification_status: z.enum(['verified', 'rejected'], { error: 'verification_status must be "verified" or "rejected"' }),
  notes: z.string().trim().max(2000, 'Notes are limited to 2000 characters').optional(),
});

export const statusBodySchema = z.object({
  is_active: z.boolean({ error: 'is_active must be true or false' }),
  notes: z.string().trim().max(2000, 'Notes are limited to 2000 characters').optional(),
});

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  offset: z.coerce.number().int().min(0).max(MAX_LIST_OFFSET, `offset must be at most ${MAX_LIST_OFFSET}`).default(0),
});

/** The applicants list can show only licenses expiring within 60 days, or already expired. */
export const applicantListQuerySchema = listQuerySchema.extend({
  license: z.enum(LICENSE_FILTERS, { error: `license must be one of ${LICENSE_FILTERS.join(', ')}` }).optional(),
});

export class StatusBodyDto extends createZodDto(statusBodySchema) {}
export class AdminNoteBodyDto extends createZodDto(adminNoteBodySchema) {}
export class ListQueryDto extends createZodDto(listQuerySchema) {}
export class ApplicantListQueryDto extends createZodDto(applicantListQuerySchema) {}

export const REASON_REQUIRED = 'Please give a reason.';

export type VerifyQuery = z.infer<typeof verifyQuerySchema>;
export type StatusBody = z.infer<typeof statusBodySchema>;
