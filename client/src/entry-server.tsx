// The server's renderer of the public pages (server/src/http/server-rendering.ts): built by
// `vite build --ssr` into dist/client-ssr, never shipped to browsers.
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { isServerRendered, type RouteHandle } from './app/server-rendered-routes';
import { VISITOR_FILTERS_KEY } from './features/postings/lib/search-filters';
import { setApiOrigin } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { SESSION_STORAGE_KEY } from './stores/session';

/**
 * Runs before the body is parsed (the server adds it with the response's CSP nonce): a signed-in
 * user's page differs from the visitor's the server rendered (header, actions), and so does
 * /browse for a visitor with their own filters (kept in this browser), so the server's page stays
 * hidden until the app renders theirs (styles/global.css, boot.tsx) instead of showing the wrong
 * page first.
 */
export const RENDERS_AFRESH_CHECK =
  `try{if(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||` +
  `(location.pathname==='/browse'&&sessionStorage.getItem(${JSON.stringify(VISITOR_FILTERS_KEY)})))` +
  `document.documentElement.setAttribute('data-renders-afresh','')}catch(e){}`;

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The page's title, for the document's <title>. */
  title: string | null;
  /** The build's module paths the page loaded (its route and style sheets): the server links their files. */
  modules: string[];
  /** What the client hydrates from: its query cache as the server fetched it, and the phone guess it rendered with. */
  state: { queries: unknown; phone: boolean };
}

/**
 * Renders `url` as a visitor (no session) sees it, its queries fetched from `apiOrigin` first;
 * `phone`: laid out for a phone (the server's guess from the user agent). Null when the page is
 * not one the server renders or its data did not load: the server then sends the plain client,
 * which loads as before.
 */
export async function renderPage(url: string, apiOrigin: string, phone = false): Promise<RenderedPage | null> {
  setApiOrigin(apiOrigin);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const page = context.matches.at(-1)?.route;
  if (!page || !isServerRendered(page.id)) return null;

  const queryClient = createQueryClient();
  const handle = page.handle as RouteHandle | undefined;
  const match = context.matches.at(-1)!;
  try {
    await handle?.prefetch?.(queryClient, match.params, new URL(url).searchParams);
  } catch {
    return null;
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProvider queryClient={queryClient} phoneGuess={phone}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
  return { html, title, modules: [page.id, ...(handle?.modules ?? [])], state: { queries: dehydrate(queryClient), phone } };
}
