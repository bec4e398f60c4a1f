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
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_PAGE_LIMITS.max, `limit must be at most ${LIST_PAGE_LIMITS.max}`)
    .default(LIST_PAGE_LIMITS.default),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset cannot be negative')
    .max(MAX_LIST_OFFSET, `offset must be at most ${MAX_LIST_OFFSET}`)
    .default(0),
});
export type ListPage = z.output<typeof listPageSchema>;

/**
 * `page` (from 1) and `page_size` query fields, for lists paged by page number (the inbox,
 * payments): `sizes` are the list's default and largest page.
 */
export function pageNumberFields(sizes: { default: number; max: number }) {
  return {
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(MAX_LIST_OFFSET, `page must be at most ${MAX_LIST_OFFSET}`)
      .default(1),
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1, 'page_size must be at least 1')
      .max(sizes.max, `page_size must be at most ${sizes.max}`)
      .default(sizes.default),
  };
}
