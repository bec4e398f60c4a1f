import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /admin/facilities/{id}/send-password-reset: emails the facility's admin user a reset link. */
export function sendAdminFacilityPasswordReset(id: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/admin/facilities/${encodeURIComponent(id)}/send-password-reset`);
}

export const useSendAdminFacilityPasswordReset = () => useMutation({ mutationFn: sendAdminFacilityPasswordReset });
