import type { QueryClient } from '@tanstack/react-query';

import { AppProvider } from './provider';
import { AppRouter, type AppDataRouter } from './router';

/** A page the server rendered passes the router, query cache and phone guess it hydrates with (boot.tsx). */
export function App({ router, queryClient, phoneGuess }: { router?: AppDataRouter; queryClient?: QueryClient; phoneGuess?: boolean }) {
  return (
    <AppProvider queryClient={queryClient} phoneGuess={phoneGuess}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
