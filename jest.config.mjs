// One jest run over every package and service. Tests are TypeScript (ts-jest,
// transpile-only: `npm test` type-checks them with tsc first) and import the
// workspace packages by name, i.e. their built dist — the code that ships.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services'],
  testMatch: ['**/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.tests.json', diagnostics: false }],
  },
  globalSetup: '<rootDir>/test-support/global-setup.mjs',
  // Tests wait on real PostgreSQL, Redis and loopback servers more than on the CPU.
  maxWorkers: 3,
  testTimeout: 60_000,
  slowTestThreshold: 20,
};
