import { z } from 'zod';
import { isUsState } from '../accounts/us-states';
import { SUPERVISION_TYPES } from './job-form';
import { MAX_PROCEDURE_TYPE_ID, MAX_PROCEDURE_TYPES } from '../shared/limits';
import { groupDigits } from '../shared/digits';
import { DEFAULT_PAGE_SIZE, MALPRACTICE_CHOICES, ON_CALL_CHOICES, SEARCH_SORTS, SEARCH_TOTAL_CAP } from './search-options';

/**
 * Job search's schemas, shared by the server's GET /job-postings and the client's search panel.
 * The saved filters use the spec's names (location, license, procedureTypes, onCall, supervision,
 * malpracticeInsurance); the query string uses snake_case. Its choices and defaults are in
 * search-options.ts, which a page can use without building these schemas.
 */
const trimmed = z.string().trim().max(100, 'Search text is limited to 100 characters');

/** The saved filters of an applicant (GET/PUT /applicants/search-filters). */
export const searchFiltersSchema = z.object({
  location: trimmed.default(''),
  license: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || isUsState(value), 'Please choose a US state')
    .default(''),
  procedureTypes: z.array(z.number().int().positive().max(MAX_PROCEDURE_TYPE_ID)).max(MAX_PROCEDURE_TYPES).default([]),
  onCall: z.enum(ON_CALL_CHOICES).default('any'),
  supervision: z.enum(['any', ...SUPERVISION_TYPES]).default('any'),
  malpracticeInsurance: z.enum(MALPRACTICE_CHOICES).default('any'),
});
export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type SearchFiltersValues = z.input<typeof searchFiltersSchema>;

const idList = z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
  const parts = (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
    ctx.addIssue({ code: 'custom', message: 'procedure_types must be a comma-separated list of ids' });
    return z.NEVER;
  }
  return ids;
});

/** GET /job-postings query: the filters plus sorting and paging. */
export const searchQuerySchema = z.object({
  location: trimmed.optional(),
  license: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || isUsState(value), 'license must be a US state code')
    .optional(),
  procedure_types: idList.optional(),
  on_call: z.enum(ON_CALL_CHOICES).optional(),
  supervision: z.enum(['any', ...SUPERVISION_TYPES]).optional(),
  malpractice: z.enum(MALPRACTICE_CHOICES).optional(),
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).default('newest'),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(DEFAULT_PAGE_SIZE),
  // Search reads only: an id beyond any id matches nothing, and an offset past the end (or past
  // SEARCH_TOTAL_CAP) is an empty page (posting-search.ts copes with both), so neither needs a bound here.
  offset: z.coerce
    .number()
    .int()
    .min(0, 'offset cannot be negative')
    .default(0)
    .describe(`Pages reach the first ${groupDigits(SEARCH_TOTAL_CAP)} matches: from there on, or past the end, a page is empty.`),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;
