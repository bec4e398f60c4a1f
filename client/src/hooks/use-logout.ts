import { accountMessages } from '@domain/accounts/messages';
import { useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { notifySuccess } from '@/lib/notify';
import { sessionAtom } from '@/stores/session';

/**
 * Signs out: goes home first (so the guard of a members-only page does not bounce to /login),
 * then clears the stored session (the query cache follows, see app/provider.tsx) and confirms.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const setSession = useSetAtom(sessionAtom);
  return useCallback(async () => {
    await navigate('/');
    setSession(RESET);
    notifySuccess(accountMessages.loggedOut);
  }, [navigate, setSession]);
}
