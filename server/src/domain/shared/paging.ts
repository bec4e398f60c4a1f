/**
 * Paging of the signed-in lists (an applicant's bids, a posting's bids, a facility's postings):
 * `limit` and `offset` in the query, the page as an array and the number of rows in all in the
 * `X-Total-Count` header. Shared so the client asks for pages the server grants.
 */
import { z } from 'zod';
import { MAX_LIST_OFFSET } from './limits';

/** Rows per page: the default, and the most a caller may ask for. */
export const LIST_PAGE_LIMITS = { default: 100, max: 500 } as const;

/** The header carrying how many rows the whole list has. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const listPageSchema = z.object({
  limit: queryInteger('limit', { min: 1, max: LIST_PAGE_LIMITS.max, fallback: LIST_PAGE_LIMITS.default }),
  offset: queryInteger('offset', { min: 0, max: MAX_LIST_OFFSET, fallback: 0 }),
});
export type ListPage = z.output<typeof listPageSchema>;

/**
 * `page` (from 1) and `page_size` query fields, for lists paged by page number (the inbox,
 * payments): `sizes` are the list's default and largest page.
 */
export function pageNumberFields(sizes: { default: number; max: number }) {
  return {
    page: queryInteger('page', { min: 1, max: MAX_LIST_OFFSET, fallback: 1 }),
    page_size: queryInteger('page_size', { min: 1, max: sizes.max, fallback: sizes.default }),
  };
}

/** A whole-number query field within bounds, each refusal naming the field. */
function queryInteger(name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, min === 0 ? `${name} cannot be negative` : `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);
}
