import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import { lazy, useEffect, useRef, useState, type ReactNode } from 'react';

import { WhenIdle } from '@/components/ui/when-idle';
import { useCurrentUser } from '@/lib/current-user';
import { PhoneGuessContext } from '@/hooks/phone-guess';
import { useLiveUpdates } from '@/hooks/use-live-updates';
import { createQueryClient } from '@/lib/query-client';
import { appStore, sessionAtom, tokenAtom } from '@/stores/session';

import { cssVariablesResolver, theme } from './theme';

// Toasts only ever follow something the user did, so their container (with its transitions) loads
// after the first paint instead of in the entry bundle; one shown earlier waits in Mantine's store.
const Notifications = lazy(() => import('./notifications').then((m) => ({ default: m.Notifications })));

/**
 * Keeps the stored session honest: refreshes the stored user from GET /users/me once per app
 * start (an expired token answers 401, which signs out), and drops every cached query when the
 * session ends so nothing of one account is shown to the next.
 */
function SessionSync() {
  const token = useAtomValue(tokenAtom);
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();

  useEffect(() => {
    if (!token || !user) return;
    setSession((session) => {
      if (!session || session.token !== token) return session;
      return JSON.stringify(session.user) === JSON.stringify(user) ? session : { ...session, user };
    });
  }, [token, user, setSession]);

  // Only when a session ends: a visitor's first render keeps what the server rendered the page with.
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current && !token) queryClient.removeQueries();
    previousToken.current = token;
  }, [token, queryClient]);

  useLiveUpdates();
  return null;
}

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one per page load. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals (Mantine's own testing setup). */
  mantineEnv?: 'default' | 'test';
  /** A page the server renders, or hydrates: whether the server took the reader for a phone. */
  phoneGuess?: boolean;
}

export function AppProvider({ children, queryClient: givenClient, mantineEnv = 'default', phoneGuess = false }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    // All of the theme's CSS variables come from this provider's <style> (not only those that differ
    // from Mantine's defaults), so the 27 kB default-css-variables.css is not a render-blocking file.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
      defaultColorScheme="light"
      env={mantineEnv}
    >
      <WhenIdle fallback={null}>
        <Notifications position="bottom-right" limit={4} zIndex={1000} />
      </WhenIdle>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={appStore}>
          <SessionSync />
          <PhoneGuessContext value={phoneGuess}>{children}</PhoneGuessContext>
        </JotaiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
