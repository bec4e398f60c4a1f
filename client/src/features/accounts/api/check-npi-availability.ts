import { queryOptions } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { Availability } from '@domain/accounts/responses';

/** GET /auth/check-npi?npi= -> {available} (registration step 2, while typing). */
export function checkNpiAvailability(npi: string, options?: RequestOptions): Promise<Availability> {
  return api.get<Availability>('/auth/check-npi', { ...options, query: { npi }, skipAuthRedirect: true });
}

export const npiAvailabilityQueryOptions = (npi: string) =>
  queryOptions({
    queryKey: ['auth', 'check-npi', npi],
    queryFn: ({ signal }) => checkNpiAvailability(npi, { signal }),
    staleTime: 60_000,
  });
