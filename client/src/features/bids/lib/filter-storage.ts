/** The applications filter, remembered in local storage between visits (spec part 1 §2, §9). */
import { APPLICANT_BID_FILTERS, DEFAULT_APPLICANT_BID_FILTER, type ApplicantBidFilter } from '@domain/bids';

export const APPLICATIONS_FILTER_KEY = 'tenens.applications.filter';

function isFilter(value: unknown): value is ApplicantBidFilter {
  return typeof value === 'string' && (APPLICANT_BID_FILTERS as readonly string[]).includes(value);
}

/** The stored filter, else the default (active). Tolerates missing storage and junk values. */
export function readApplicationsFilter(): ApplicantBidFilter {
  try {
    const stored = window.localStorage.getItem(APPLICATIONS_FILTER_KEY);
    return isFilter(stored) ? stored : DEFAULT_APPLICANT_BID_FILTER;
  } catch {
    return DEFAULT_APPLICANT_BID_FILTER;
  }
}

export function writeApplicationsFilter(filter: ApplicantBidFilter): void {
  try {
    window.localStorage.setItem(APPLICATIONS_FILTER_KEY, filter);
  } catch {
    // Private mode or full storage: the choice just is not remembered.
  }
}
