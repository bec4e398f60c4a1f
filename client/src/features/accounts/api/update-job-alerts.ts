import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { JobAlertSettings, JobAlertsView } from '@domain/alerts/job-alerts';

import { jobAlertsQueryKey } from './get-job-alerts';

/** PUT /applicants/job-alerts: saved at once, like a switch. */
export function updateJobAlerts(settings: JobAlertSettings): Promise<JobAlertsView> {
  return api.put<JobAlertsView>('/applicants/job-alerts', settings);
}

export function useUpdateJobAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobAlerts,
    onSuccess: (saved) => queryClient.setQueryData(jobAlertsQueryKey, saved),
  });
}
