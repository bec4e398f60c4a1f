import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MessageResponse } from '@domain/accounts/responses';

/** POST /job-alerts/unsubscribe?token=: the signed token of an alert email, no sign-in needed. */
export function unsubscribeJobAlerts(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/job-alerts/unsubscribe', undefined, { query: { token }, skipAuthRedirect: true });
}

export const useUnsubscribeJobAlerts = () => useMutation({ mutationFn: unsubscribeJobAlerts });
