import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * The public pages the server renders for visitors (entry-server.tsx): `/`, `/browse` and
 * `/jobs/:id`. Each route's id is its module's path in the build's manifest, so the server can
 * link the page's style sheets and preload its scripts with the first answer.
 */
export const SERVER_RENDERED_ROUTES = {
  home: 'src/app/routes/home.tsx',
  browse: 'src/app/routes/jobs/browse.tsx',
  posting: 'src/app/routes/jobs/posting.tsx',
} as const;

const ids: ReadonlySet<string> = new Set(Object.values(SERVER_RENDERED_ROUTES));

export function isServerRendered(routeId: string): boolean {
  return ids.has(routeId);
}

/**
 * A route module may export `prefetch`: the queries its page shows first, fetched by the server
 * before it renders, so the page arrives with its content and the browser does not ask again.
 * `search`: the URL's query (a page's sort and paging).
 */
export type Prefetch = (queryClient: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>;

/**
 * A route module may also export `rendersAsServer`: false when this browser would render the page
 * differently from the server (state kept in the browser, such as a visitor's search filters), so
 * the page is rendered afresh instead of hydrated.
 */
export type RendersAsServer = () => boolean;

/** What a lazy route adds to its match: its prefetch, its hydration check and the other modules it loads (style sheets). */
export interface RouteHandle {
  prefetch?: Prefetch;
  rendersAsServer?: RendersAsServer;
  modules: string[];
}
