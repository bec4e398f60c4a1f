/**
 * Navigation for code that runs outside React (the API client's 401 handling).
 * The app registers its router here (app/router.tsx); until then the browser location is used.
 */

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface Navigator {
  location(): AppLocation;
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
}

const browserNavigator: Navigator = {
  location: () => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
  }),
  navigate: (to, options) => {
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
  },
};

let current: Navigator = browserNavigator;

/** Registers the app's router; returns a function that unregisters it. */
export function registerNavigator(navigator: Navigator): () => void {
  current = navigator;
  return () => {
    if (current === navigator) current = browserNavigator;
  };
}

export function getNavigator(): Navigator {
  return current;
}

export const LOGIN_PATH = '/login';

/** Router state carried to /login so the user comes back after signing in. */
export interface LoginRedirectState {
  from: string;
}

/** '/jobs/5?tab=bids' -> '/login?from=%2Fjobs%2F5%3Ftab%3Dbids' */
export function loginPathFor(origin: string): string {
  return `${LOGIN_PATH}?from=${encodeURIComponent(origin)}`;
}

export function locationToPath(location: AppLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * A remembered origin is used only if it is a path inside this app: it must start with a single
 * '/', and must not point back at the login page (no open redirects, no loops).
 */
export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string') return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  const pathname = candidate.split(/[?#]/)[0];
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  return candidate;
}

/** Sends the user to /login remembering where they were (router state and ?from=). */
export function redirectToLogin(): void {
  const navigator = getNavigator();
  const here = navigator.location();
  if (here.pathname === LOGIN_PATH) return;
  const origin = locationToPath(here);
  const state: LoginRedirectState = { from: origin };
  navigator.navigate(loginPathFor(origin), { replace: true, state });
}
