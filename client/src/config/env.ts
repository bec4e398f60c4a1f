/**
 * The only module that reads build-time values (`import.meta.env`, `__BUILD_ID__`).
 * Jest runs CommonJS and cannot parse `import.meta`, so tests replace this module
 * (see test/client/support/setup.ts). Keep it tiny and free of imports.
 */
export const env = {
  /** True in a production build (`vite build`). */
  isProduction: import.meta.env.PROD,
  /** BUILD_ID, git short sha or 'dev'. */
  buildId: __BUILD_ID__,
};
