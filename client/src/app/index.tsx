import type { QueryClient } from '@tanstack/react-query';

import { AppProvider } from './provider';
import { AppRouter, type AppDataRouter } from './router';

/** A page the server rendered passes the router and query cache it hydrates with (main.tsx). */
export function App({ router, queryClient }: { router?: AppDataRouter; queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
