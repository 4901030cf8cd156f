import Joi from 'joi';
import { durationMs } from '../duration.js';
import { defineSection } from './section.js';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lps';

export const coreSection = defineSection({
  variables: {
    NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
    PORT: Joi.number().integer().min(0).max(65535).default(3000),
    // Development listens on loopback only (its encryption key and data are a laptop's); containers set HOST=0.0.0.0.
    HOST: Joi.string().when('NODE_ENV', { is: 'production', then: Joi.string().default('0.0.0.0'), otherwise: Joi.string().default('127.0.0.1') }),
    PUBLIC_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
    DATABASE_URL: Joi.string()
      .uri({ scheme: ['postgres', 'postgresql'] })
      .default(DEFAULT_DATABASE_URL),
    LOG_LEVEL: Joi.string().valid('error', 'warn', 'info', 'http', 'debug', 'silent').default('info'),
    LOG_FORMAT: Joi.string().valid('json', 'pretty'),
    LPS_SHUTDOWN_TIMEOUT: durationMs('25s', { min: '1s' }),
    // How long a client may take to send a request (docs/decisions/0018-hostile-input-limits.md).
    LPS_HTTP_HEADERS_TIMEOUT: durationMs('20s', { min: '1s', max: '10m' }),
    LPS_HTTP_REQUEST_TIMEOUT: durationMs('120s', { min: '1s', max: '1h' }),
    LPS_HTTP_BODY_IDLE_TIMEOUT: durationMs('15s', { min: '100ms', max: '10m' }),
    /** Bytes per second a body still arriving after LPS_HTTP_REQUEST_TIMEOUT must have averaged (a 500 MB video may take as long as it keeps this pace). */
    LPS_HTTP_MIN_BODY_RATE: Joi.number().integer().min(1).max(1_073_741_824).default(65_536),
  },
  build: (env) => {
    const nodeEnv = env.NODE_ENV as 'development' | 'production' | 'test';
    const port = env.PORT as number;
    return {
      nodeEnv,
      http: {
        port,
        host: env.HOST as string,
        publicBaseUrl: ((env.PUBLIC_BASE_URL as string | undefined) ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
        timeouts: {
          headersMs: env.LPS_HTTP_HEADERS_TIMEOUT as number,
          requestMs: env.LPS_HTTP_REQUEST_TIMEOUT as number,
          bodyIdleMs: env.LPS_HTTP_BODY_IDLE_TIMEOUT as number,
          minBodyBytesPerSecond: env.LPS_HTTP_MIN_BODY_RATE as number,
        },
      },
      database: { url: env.DATABASE_URL as string },
      log: {
        level: env.LOG_LEVEL as string,
        format: ((env.LOG_FORMAT as string | undefined) ?? (nodeEnv === 'production' ? 'json' : 'pretty')) as 'json' | 'pretty',
      },
      shutdownTimeoutSeconds: (env.LPS_SHUTDOWN_TIMEOUT as number) / 1_000,
    };
  },
});
