/**
 * Recognises an error that means PostgreSQL or Redis could not be reached — as
 * opposed to a bug — so callers can answer 503 and retry instead of 500.
 * Errors arrive wrapped (Prisma around the pg adapter, BullMQ around ioredis),
 * so the whole `cause` chain is read.
 */
/** `connection`: a socket error no client wrapped, from whichever server it was. */
export type Dependency = 'database' | 'redis' | 'connection';

const DATABASE_CODES = new Set([
  'P1001', // Prisma: can't reach database server
  'P1002', // Prisma: server reached but timed out
  'P1008', // Prisma: operations timed out
  'P1017', // Prisma: server closed the connection
  'P2024', // Prisma: timed out fetching a connection from the pool
  '57P01', // PostgreSQL: admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or connections not allowed)
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
  '08001',
  '08004', // connection exceptions
]);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const REDIS_MESSAGES = /Stream isn't writeable|Connection is closed|Reached the max retries per request|MaxRetriesPerRequest/i;
const DATABASE_MESSAGES =
  /Can't reach database server|Connection terminated|timeout exceeded when trying to connect|Timed out fetching a new connection|database system is (shutting down|starting up)|does not allow connections/i;

type Failure = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

export function failedDependency(error: unknown): Dependency | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const failure = current as Failure;
    const message = typeof failure.message === 'string' ? failure.message : '';
    const code = typeof failure.code === 'string' ? failure.code : '';
    // RedisUnavailableError: @lps/queue refusing to send on a connection that is not ready.
    if (failure.name === 'RedisUnavailableError' || failure.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.test(message)) return 'redis';
    if (failure.name === 'PrismaClientInitializationError' || DATABASE_CODES.has(code) || DATABASE_MESSAGES.test(message)) return 'database';
    if (SOCKET_CODES.has(code)) return 'connection';
    current = failure.cause;
  }
  return undefined;
}
