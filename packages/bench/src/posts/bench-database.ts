import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from '@lps/config';

/** The repository root, from packages/bench/dist/posts/. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const url = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one benchmark run, dropped afterwards: the bench never touches real data. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `lps_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  url.pathname = `/${name}`;
  await admin(`CREATE DATABASE "${name}"`);
  const migrated = spawnSync(`${REPO_ROOT}node_modules/.bin/prisma`, ['migrate', 'deploy'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: url.toString() },
  });
  if (migrated.status !== 0) {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw new Error('prisma migrate deploy failed for the benchmark database');
  }
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Starts what runs on the bench database (the API child, say). If the start fails, the
 * database is dropped before the error goes on: the bench's own clean-up only covers
 * what started.
 */
export async function startOnDatabase<T>(database: BenchDatabase, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await database.drop();
    throw error;
  }
}
