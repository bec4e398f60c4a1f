/**
 * The bids screens' own words and colours; what each state is called lives in the shared domain
 * (stateWords in @domain/bids), since the job search shows it too.
 */

/** A deep amber: white text on it keeps 5.4:1. */
export const ATTENTION_COLOR = '#b54708';

export const POSTING_EXPIRED_LABEL = 'Posting expired';

export const FILTER_LABELS = {
  active: 'Active',
  connected: 'Connected',
  closed: 'Closed',
  all: 'All',
} as const;
