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
 */
export type Prefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/** What a lazy route adds to its match: its prefetch and the other modules it loads (style sheets). */
export interface RouteHandle {
  prefetch?: Prefetch;
  modules: string[];
}
