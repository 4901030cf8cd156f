export { createLogger, type Logger, type LoggerOptions } from './create-logger.js';
export type { LogContext } from './context.js';
export { redact, redactText } from './redact.js';
