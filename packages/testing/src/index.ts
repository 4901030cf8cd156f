export { createTestDatabase, databaseUrlFor, dropDatabaseNamed, templateDatabaseName, type TestDatabase } from './test-database.js';
export { createTestRuntime, deleteKeysMatching, deleteRedisKeys, type TestRuntime, type TestRuntimeOptions } from './test-runtime.js';
export { createTestMember, createTestPost, createTestIdea, type TestMember } from './factories.js';
export { startLoopbackServer, readBody, type LoopbackServer } from './http-server.js';
export { waitFor } from './wait-for.js';
export * from './fake-linkedin/index.js';
export { startServiceProcess, apiPort, repoRoot, type ServiceProcess, type ServiceProcessOptions } from './service-process.js';
export { hugePng } from './huge-png.js';
export { pdfBomb } from './pdf-bomb.js';
export { startCuttableProxy, type CuttableProxy } from './cuttable-proxy.js';
export {
  startLocalRedis,
  startLocalRedisCluster,
  type LocalRedis,
  type LoneLocalRedis,
  type LocalRedisCluster,
  type LocalRedisOptions,
  type LocalRedisClusterOptions,
} from './redis-cluster.js';
export { makeTestCertificates, type TestCertificates } from './tls-certificates.js';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
export { freePort } from './free-port.js';
export { connectionRow, postRow } from './rows.js';
export { linkedInTestConfig, refusalOf, type Refusal } from './in-memory.js';
export { mp4Box, mp4File, mp4Parts, mp4Stream, type Mp4Options } from './mp4-file.js';
export { WRITER_IDEAS } from './writer-ideas.js';
export * from './in-memory-posts.js';
