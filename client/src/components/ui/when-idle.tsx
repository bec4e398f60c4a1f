import { Suspense, useEffect, useState, type ReactNode } from 'react';

// Safari has no requestIdleCallback: a timer still keeps the work out of the current task.
const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 50);
  return () => window.clearTimeout(timer);
};

/**
 * Lazy parts no first paint needs (the toasts' container). They load once the
 * page is on screen and the browser is idle, in a task of their own: never inside hydration's or
 * the first render's long tasks, and never on the server (client/src/entry-server.tsx), which
 * cannot wait for them. Until then `fallback` holds their place.
 */
export function WhenIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
