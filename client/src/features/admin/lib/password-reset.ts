import type { UseMutationResult } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { adminMessages } from './messages';

/** Sends the record's account a password reset link, with a toast for either outcome. */
export function passwordResetSender<Result>(mutation: UseMutationResult<Result, Error, string>, id: string): () => void {
  return () =>
    mutation.mutate(id, {
      onSuccess: () => notifySuccess(adminMessages.passwordResetSent),
      onError: (error) => notifyError(errorMessage(error, adminMessages.passwordResetFailed)),
    });
}
