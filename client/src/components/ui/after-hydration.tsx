import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * Lazy parts of a page the server renders (client/src/entry-server.tsx): the server cannot wait
 * for them, so they load once the browser has adopted its markup. Until then, and on the server,
 * `fallback` holds their place. A page rendered in the browser alone shows them at once.
 */
export function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
