// The app's start (main.tsx loads it): hydrating a page the server rendered, or rendering one.
import { hydrate as hydrateQueries, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './app';
import { createHydratingRouter } from './app/router';
import type { RouteHandle } from './app/server-rendered-routes';
import { createQueryClient } from './lib/query-client';
import { getSession } from './stores/session';

/** What the server rendered the page with (server/src/http/server-rendering.ts), if it did. */
function serverState(): { queries: DehydratedState; phone?: boolean } | null {
  const script = document.getElementById('server-state');
  return script?.textContent ? JSON.parse(script.textContent) : null;
}

/** Renders the app in place of whatever the server sent. */
function render(container: HTMLElement, app: ReactNode) {
  container.replaceChildren();
  container.removeAttribute('data-server-rendered');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}

/**
 * The server renders public pages as a visitor sees them. A visitor's browser adopts that markup
 * (hydration, in a transition so it yields to input and paints); a signed-in user's page differs
 * (header, actions), and so does a page that keeps some of its state in this browser (a visitor's
 * search filters): those are rendered afresh.
 */
export async function start(container: HTMLElement) {
  const state = serverState();
  if (!state || getSession()) return render(container, <App />);
  const router = await createHydratingRouter();
  const queryClient = createQueryClient();
  hydrateQueries(queryClient, state.queries);
  const app = <App router={router} queryClient={queryClient} phoneGuess={state.phone} />;
  const handle = router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (handle?.rendersAsServer?.() === false) return render(container, app);
  startTransition(() => {
    hydrateRoot(container, <StrictMode>{app}</StrictMode>);
  });
}
