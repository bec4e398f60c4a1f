import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { RateInsight, RateInsightQuery } from '@domain/insights';

export const insightKeys = {
  rates: (query: RateInsightQuery) => ['insights', 'rates', query.role_type, query.state] as const,
};

/** GET /insights/rates: agreed and posted rates for one role and license state, last 90 days. */
export function getRateInsight(query: RateInsightQuery, options?: RequestOptions): Promise<RateInsight> {
  return api.get<RateInsight>('/insights/rates', { ...options, query: { role_type: query.role_type, state: query.state } });
}

// The figures move slowly (a window of 90 days): an hour's staleness is fine, and a form that
// switches states back and forth asks once per state.
export const rateInsightQueryOptions = (query: RateInsightQuery) =>
  queryOptions({
    queryKey: insightKeys.rates(query),
    queryFn: ({ signal }) => getRateInsight(query, { signal }),
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  });

/** The insight for `query`, or nothing to ask while the role or state is not chosen yet. */
export const useRateInsight = (query: RateInsightQuery | null) =>
  useQuery({
    ...rateInsightQueryOptions(query ?? { role_type: 'CRNA', state: '' }),
    enabled: query !== null,
  });
