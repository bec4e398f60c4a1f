import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { JobAlertsView } from '@domain/alerts/job-alerts';

/** GET /applicants/job-alerts: daily, weekly or off, and when the next digest goes out. */
export function getJobAlerts(options?: RequestOptions): Promise<JobAlertsView> {
  return api.get<JobAlertsView>('/applicants/job-alerts', options);
}

export const jobAlertsQueryKey = ['applicants', 'job-alerts'] as const;

export const jobAlertsQueryOptions = () =>
  queryOptions({
    queryKey: jobAlertsQueryKey,
    queryFn: ({ signal }) => getJobAlerts({ signal }),
  });

export const useJobAlerts = () => useQuery(jobAlertsQueryOptions());
