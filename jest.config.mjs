// One jest run over every package and service. Tests are TypeScript (ts-jest,
// transpile-only: `npm test` type-checks them with tsc first) and import the
// workspace packages by name: the whole suite takes their built dist — the code
// that ships. `npm test -- <pattern>` (LPS_TEST_FROM_SOURCE=1, set by the
// bootstrap) takes their TypeScript sources instead, so an edit is tested
// without a rebuild (scripts/test-selection.mjs says when it builds all the same).
const fromSource = process.env.LPS_TEST_FROM_SOURCE === '1';
const sourceMapper = {
  '^@lps/ai/image/fit$': '<rootDir>/packages/ai/src/image/fit-image.ts',
  '^@lps/ai/image$': '<rootDir>/packages/ai/src/image/renderers.ts',
  // @lps/client is generated from the built API's document: it stays built.
  '^@lps/(?!client$)([a-z-]+)$': ['<rootDir>/packages/$1/src/index.ts', '<rootDir>/services/$1/src/index.ts'],
};

export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services'],
  // A use case's in-memory test sits beside it in src/ (services/api/src/domain/<topic>/<use-case>.test.ts).
  testMatch: ['**/test/**/*.test.ts', '**/src/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { ...(fromSource ? sourceMapper : {}), '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.tests.json', diagnostics: false }],
  },
  globalSetup: '<rootDir>/test-support/global-setup.mjs',
  // Tests wait on real PostgreSQL, Redis, loopback servers and Chromium's single-threaded checks: on
  // two cores, 3 workers kept them 1.55 cores busy (jest 845–885 s), 4 workers 745 s, every test passing.
  maxWorkers: 4,
  testTimeout: 60_000,
  // …but 180 s for the browser tests (test/browser/): the reason is in the file.
  setupFilesAfterEnv: ['<rootDir>/test-support/browser-test-timeout.mjs'],
  slowTestThreshold: 20,
};
