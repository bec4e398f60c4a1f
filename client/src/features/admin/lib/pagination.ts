/** Client-side paging of the admin lists (spec part 2 §9). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;
/** The page-number strip shows at most this many pages. */
export const MAX_PAGE_BUTTONS = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page, kept inside 1..pageCount (the list may have shrunk under it). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, pageSize));
}

/**
 * The page numbers of the strip: up to `max` consecutive pages with the current one as central
 * as the ends allow, e.g. page 1 of 9 -> 1..5, page 5 -> 3..7, page 9 -> 5..9.
 */
export function pageWindow(page: number, pages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const size = Math.min(max, pages);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The rows of one page. */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** 'Showing 21-40 of 57 applicants' (1-based, inclusive). */
export function showingLabel(page: number, pageSize: number, total: number, noun: string): string {
  if (total === 0) return `Showing 0 of 0 ${noun}`;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from}-${to} of ${total} ${noun}`;
}
