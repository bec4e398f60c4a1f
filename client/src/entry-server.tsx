// The server's renderer of the public pages (server/src/http/server-rendering.ts): built by
// `vite build --ssr` into dist/client-ssr, never shipped to browsers.
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router';

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

/** The route table as a handler, built once: each render only matches a request against it. */
let staticHandler: StaticHandler | undefined;

/** How many rendered pages are kept, each beside the data it was rendered from. */
const KEPT_RENDERS = 200;

/**
 * A page's markup follows from its URL, the layout guess and its data; the clock enters only
 * through the footer's year. So a kept render is reused while its data is unchanged, for at most
 * this long.
 */
const KEPT_RENDER_MS = 60_000;

interface KeptRender {
  data: string;
  at: number;
  html: string;
  title: string | null;
}

const keptRenders = new Map<string, KeptRender>();

/** What the page was rendered from: each query's data, without the moments it was fetched. */
function renderedData(state: DehydratedState): string {
  return JSON.stringify(state.queries.map((query) => [query.queryHash, query.state.data]));
}

function keepRender(key: string, render: KeptRender): void {
  keptRenders.delete(key);
  if (keptRenders.size >= KEPT_RENDERS) keptRenders.delete(keptRenders.keys().next().value!);
  keptRenders.set(key, render);
}

/**
 * Renders `url` as a visitor (no session) sees it, its queries fetched from `apiOrigin` first;
 * `phone`: laid out for a phone (the server's guess from the user agent). Null when the page is
 * not one the server renders or its data did not load: the server then sends the plain client,
 * which loads as before. A page whose data has not changed since it was last rendered is not
 * rendered again (KEPT_RENDER_MS).
 */
export async function renderPage(url: string, apiOrigin: string, phone = false): Promise<RenderedPage | null> {
  setApiOrigin(apiOrigin);
  staticHandler ??= createStaticHandler(routes);
  const context = await staticHandler.query(new Request(url));
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
  const modules = [page.id, ...(handle?.modules ?? [])];
  const fetched = dehydrate(queryClient);
  const data = renderedData(fetched);
  const key = `${phone ? 'phone' : 'wide'} ${url}`;
  const kept = keptRenders.get(key);
  if (kept && kept.data === data && Date.now() - kept.at < KEPT_RENDER_MS) {
    return { html: kept.html, title: kept.title, modules, state: { queries: fetched, phone } };
  }

  const router = createStaticRouter(staticHandler.dataRoutes, context);
  const html = renderToString(
    <AppProvider queryClient={queryClient} phoneGuess={phone}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
  keepRender(key, { data, at: Date.now(), html, title });
  return { html, title, modules, state: { queries: dehydrate(queryClient), phone } };
}
