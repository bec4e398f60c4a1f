// The app's start (main.tsx loads it): hydrating a page the server rendered, or rendering one.
import { hydrate as hydrateQueries, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './app';
import { createHydratingRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { getSession } from './stores/session';

/** What the server rendered the page with (server/src/http/server-rendering.ts), if it did. */
function serverState(): { queries: DehydratedState } | null {
  const script = document.getElementById('server-state');
  return script?.textContent ? JSON.parse(script.textContent) : null;
}

/**
 * The server renders public pages as a visitor sees them. A visitor's browser adopts that markup
 * (hydration, in a transition so it yields to input and paints); a signed-in user's page differs
 * (header, actions), so it is rendered afresh.
 */
export async function start(container: HTMLElement) {
  const state = serverState();
  if (!state || getSession()) {
    container.replaceChildren();
    container.removeAttribute('data-server-rendered');
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const router = await createHydratingRouter();
  const queryClient = createQueryClient();
  hydrateQueries(queryClient, state.queries);
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
