export { createTestDatabase, databaseUrlFor, dropDatabaseNamed, templateDatabaseName, type TestDatabase } from './test-database.js';
export { createTestRuntime, deleteKeysMatching, deleteRedisKeys, type TestRuntime, type TestRuntimeOptions } from './test-runtime.js';
export { createTestMember, createTestPost, createTestIdea, type TestMember } from './factories.js';
export { startLoopbackServer, readBody, type LoopbackServer } from './http-server.js';
export { waitFor } from './wait-for.js';
export * from './fake-linkedin/index.js';
export { startServiceProcess, apiPort, repoRoot, type ServiceProcess, type ServiceProcessOptions } from './service-process.js';
export { hugePng } from './huge-png.js';
export { startCuttableProxy, type CuttableProxy } from './cuttable-proxy.js';
