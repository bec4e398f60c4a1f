/**
 * Three layers: pure unit tests, integration tests against the real Postgres and Redis (one
 * database per test file), and client tests in jsdom. Browser tests run with Playwright
 * (playwright.config.ts). `npm test` runs them all through scripts/test.mjs.
 */
const swc = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: jsx ? { syntax: 'typescript', tsx: true } : { syntax: 'typescript', decorators: true },
      transform: jsx ? { react: { runtime: 'automatic' } } : { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  // Integration tests talk to real Postgres, Redis and SMTP; jest reads this only at the top level.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/unit'],
      transform: { '^.+\\.tsx?$': swc(false) },
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/integration'],
      transform: { '^.+\\.tsx?$': swc(false) },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      // Whole-server faults (kill -9, Redis outages) against the built server as a child process.
      displayName: 'faults',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/faults'],
      transform: { '^.+\\.tsx?$': swc(false) },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/client'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/test/client/support/style-stub.js',
        '^@/(.*)$': '<rootDir>/client/src/$1',
        '^@domain/(.*)$': '<rootDir>/server/src/domain/$1',
      },
      setupFilesAfterEnv: ['<rootDir>/test/client/support/setup.ts'],
    },
  ],
};
