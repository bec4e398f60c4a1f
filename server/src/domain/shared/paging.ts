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
