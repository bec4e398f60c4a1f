import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath } from 'react-router';

import { AppProvider } from '@/app/provider';
import { AppRouterProvider, routerNavigator, routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { registerNavigator } from '@/lib/navigation';

const unregisters: (() => void)[] = [];
afterEach(() => {
  while (unregisters.length) unregisters.pop()!();
});

export interface RenderAppOptions {
  /** Router state of the first entry (e.g. { from: '/jobs' } on /login). */
  state?: unknown;
}

/**
 * The whole app (providers, routes, guards, layouts) in a memory router at `path`, the way a
 * user would open that URL. Mantine runs in its test mode (no transitions, no portals).
 */
export function renderApp(path: string, { state }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [state ? { ...parsePath(path), state } : path] });
  unregisters.push(registerNavigator(routerNavigator(router)));
  const queryClient = createQueryClient();
  // Same defaults as the app, without the retry delay.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProvider queryClient={queryClient} mantineEnv="test">
      <AppRouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, user };
}

/** Where the router is now, as 'pathname?search'. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
