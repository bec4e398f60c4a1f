/** Paging of the job search (part 1 §9: page sizes 10/20/50/100, at most five page buttons). */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_SORTS, searchParams, type SearchFilters, type SearchSort } from '@domain/postings';
import { groupDigits } from '@domain/shared/digits';

export const MAX_PAGE_BUTTONS = 5;

/** A count as the search shows it: '1,000+' where the server stopped counting at its cap. */
export function countLabel(total: number, capped = false): string {
  return capped ? `${groupDigits(total)}+` : String(total);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to offer as buttons: at most `max` consecutive pages, the current one as
 * central as the ends allow. pageWindow(1, 10) = [1..5]; pageWindow(6, 10) = [4..8];
 * pageWindow(10, 10) = [6..10].
 */
export function pageWindow(current: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pages);
  const page = Math.min(Math.max(1, current), pages);
  const first = Math.min(Math.max(1, page - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** A page size from the URL, or the default when it is not one of PAGE_SIZES. */
export function parsePageSize(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** A 1-based page number from the URL, or 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parseSort(value: string | null): SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value ?? '') ? (value as SearchSort) : 'newest';
}

export interface SearchPage {
  sort: SearchSort;
  page: number;
  pageSize: number;
}

/** The search's sort, page and page size, which live in the URL (so going back from a job returns to the same page). */
export function pageOfUrl(url: URLSearchParams): SearchPage {
  return { sort: parseSort(url.get('sort')), page: parsePage(url.get('page')), pageSize: parsePageSize(url.get('size')) };
}

/** GET /job-postings' query for one page of the search. */
export function searchQuery(filters: SearchFilters, { sort, page, pageSize }: SearchPage): Record<string, string> {
  return searchParams(filters, sort, pageSize, (page - 1) * pageSize);
}
