import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { SandboxPaymentBody } from '@domain/billing/billing-views';

/**
 * POST /billing/sandbox/sessions/{session_id}/pay: the built-in test checkout. 200 paid; 402
 * 'Your card was declined.'; 400 for fields the server refuses.
 */
export function paySandboxSession(sessionId: string, card: SandboxPaymentBody): Promise<unknown> {
  return api.post(`/billing/sandbox/sessions/${encodeURIComponent(sessionId)}/pay`, card);
}

export const usePaySandboxSession = () =>
  useMutation({ mutationFn: ({ sessionId, card }: { sessionId: string; card: SandboxPaymentBody }) => paySandboxSession(sessionId, card) });
