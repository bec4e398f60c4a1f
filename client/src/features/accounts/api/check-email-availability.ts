import { queryOptions } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { Availability } from '@domain/accounts/responses';

/** GET /auth/check-email?email= -> {available} (registration step 1, while typing). */
export function checkEmailAvailability(email: string, options?: RequestOptions): Promise<Availability> {
  return api.get<Availability>('/auth/check-email', { ...options, query: { email }, skipAuthRedirect: true });
}

export const emailAvailabilityQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['auth', 'check-email', email],
    queryFn: ({ signal }) => checkEmailAvailability(email, { signal }),
    staleTime: 60_000,
  });
