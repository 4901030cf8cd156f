export { createRuntime, type Runtime, type RuntimeOptions } from './runtime.js';
export { stopOnSignals, type RunningService } from './lifecycle.js';
export { announceEvents } from './announce-events.js';
export { runStandalone, loadConfigOrExit } from './run-standalone.js';
export { checkReadiness, type ReadinessReport } from './readiness.js';
export { startHealthServer, type HealthServer } from './health-server.js';
export { startQueueWorker } from './start-queue-worker.js';
export { createHttpServer, type HttpTimeouts } from './http-server.js';
export { answerClientError, errorEnvelopeBody, type ClientErrorBody } from './answer-client-error.js';
