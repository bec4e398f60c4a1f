import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

import { ApiError } from './api-client';

/** A 4xx answer will not change on a second try (except timeouts and rate limits). */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** Queries retry once on failure and do not refetch on window focus (spec part 2 §9). */
export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < 1 && !isPermanent(error),
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
