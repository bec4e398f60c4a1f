import { useEffect } from 'react';

import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/** Toasts a failed load once (the server's detail, else `fallback`), as the spec's errors do. */
export function useErrorToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (error) notifyError(errorMessage(error, fallback));
  }, [error, fallback]);
}
