import { queryOptions } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { Availability } from '@domain/accounts/responses';

export interface LicenseKey {
  license_number: string;
  license_state: string;
}

/** GET /auth/check-license?license_number=&license_state= -> {available} (applicant registration). */
export function checkLicenseAvailability(license: LicenseKey, options?: RequestOptions): Promise<Availability> {
  return api.get<Availability>('/auth/check-license', {
    ...options,
    query: { license_number: license.license_number, license_state: license.license_state },
    skipAuthRedirect: true,
  });
}

export const licenseAvailabilityQueryOptions = (license: LicenseKey) =>
  queryOptions({
    queryKey: ['auth', 'check-license', license.license_state, license.license_number],
    queryFn: ({ signal }) => checkLicenseAvailability(license, { signal }),
    staleTime: 60_000,
  });
