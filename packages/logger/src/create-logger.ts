import winston from 'winston';
import { redactField, redactText } from './redact.js';

export interface LoggerOptions {
  service: string;
  level?: string;
  format?: 'json' | 'pretty';
}

export type Logger = winston.Logger;

const SPLAT = Symbol.for('splat');
const LEVEL = Symbol.for('level');

/** Strips secrets from every line, the ids a child logger adds (`LogContext`) included. */
const redaction = winston.format((info) => {
  for (const key of Object.keys(info)) {
    if (key === 'level' || key === 'service') continue;
    // A top-level field is named like a nested one: `{ token }` is hidden just as `{ auth: { token } }` is.
    info[key] = key === 'message' ? redactText(String(info[key])) : redactField(key, info[key]);
  }
  delete (info as Record<symbol, unknown>)[SPLAT];
  return info;
});

export function createLogger({ service, level = 'info', format = 'json' }: LoggerOptions): Logger {
  const silent = level === 'silent';
  const output =
    format === 'json'
      ? winston.format.json()
      : winston.format.printf((info) => {
          const { level: lvl, message, timestamp, service: svc, ...rest } = info;
          delete (rest as Record<symbol, unknown>)[LEVEL];
          const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
          return `${String(timestamp)} ${String(lvl)} [${String(svc)}] ${String(message)}${extra}`;
        });
  // winston runs the logger's format on every line and lets the transport drop the
  // ones below its level afterwards; dropping them first keeps a disabled debug line
  // on a hot path from paying for redaction and timestamps.
  const belowLevel = winston.format((info) => (logger.isLevelEnabled(info.level) ? info : false));
  const logger: Logger = winston.createLogger({
    level: silent ? 'error' : level,
    silent,
    defaultMeta: { service },
    format: winston.format.combine(belowLevel(), winston.format.timestamp(), redaction(), output),
    transports: [new winston.transports.Console({ stderrLevels: ['error', 'warn'] })],
  });
  return logger;
}
