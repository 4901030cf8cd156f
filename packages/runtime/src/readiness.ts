import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appliedMigrations, pingDatabase } from '@lps/db';
import type { Runtime } from './runtime.js';

export interface ReadinessReport {
  ready: boolean;
  /** database, redis, migrations, and the services' own checks (e.g. the publisher's linkedin_api_version). */
  checks: Record<string, string>;
}

// packages/runtime/dist → the repository's prisma/migrations (present in every image we build).
const MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations', import.meta.url));

// A build's migrations never change while it runs: list them once, not on every probe.
let shipped: string[] | undefined;
const expectedMigrations = (): string[] =>
  (shipped ??= existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : []);

async function timed<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ready means: PostgreSQL answers, Redis answers, every migration this build
 * ships is applied (a pod of a newer version waits for the migration Job), and
 * each service's own checks (`services`) say ok.
 */
export async function checkReadiness(runtime: Runtime, services: Record<string, string> = {}): Promise<ReadinessReport> {
  const checks: Record<string, string> = { database: 'ok', redis: 'ok', migrations: 'ok', ...services };
  try {
    await timed(pingDatabase(runtime.db), 2_000);
    const done = new Set(await timed(appliedMigrations(runtime.db), 2_000));
    const missing = expectedMigrations().filter((name) => !done.has(name));
    if (missing.length > 0) checks.migrations = `pending: ${missing.join(', ')}`;
  } catch (error) {
    checks.database = (error as Error).message.split('\n')[0] ?? 'unreachable';
    checks.migrations = 'unknown';
  }
  try {
    await timed(runtime.redis.ping(), 2_000);
  } catch (error) {
    checks.redis = (error as Error).message;
  }
  return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
}
