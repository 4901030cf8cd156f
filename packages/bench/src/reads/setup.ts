import { randomBytes } from 'node:crypto';
import { loadRedisSettings } from '@lps/config';
import { createDb } from '@lps/db';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys } from '@lps/testing';
import { createBenchMember } from '../bench-member.js';
import { startApiProcess, type ApiProcess } from '../posts/api-process.js';
import { createBenchDatabase, startOnDatabase, type BenchDatabase } from '../posts/bench-database.js';
import { runLoad, type LoadResult } from '../posts/load.js';
import { percentile } from '../publish/concurrency.js';
import { readTargets, type ReadTarget } from './read-routes.js';
import { addIdeasAndWebhooks, addPosts, analyzeTables, openSeedPool, samplePosts, type SeedPool } from './seed.js';

export const say = (text: string) => process.stderr.write(`[bench] ${text}\n`);

/** Posts per seeding statement: a million at once would hold every returned row in memory. */
const SEED_CHUNK = 250_000;

export interface ReadsBench {
  database: BenchDatabase;
  api: ApiProcess;
  seed: SeedPool;
  /** The member whose reads are measured, and another with as many rows beside them. */
  member: { memberId: string; auth: string };
  other: { memberId: string };
  targets: ReadTarget[];
  close(): Promise<void>;
}

/**
 * A migrated bench database with two members of `posts` posts each (10 % published with
 * snapshots), ideas and webhooks, and the API in a child process on it (sandbox network,
 * rate limits out of the way). `close` stops the API and drops the database and Redis keys.
 */
export async function startReadsBench(posts: number): Promise<ReadsBench> {
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const database = await createBenchDatabase();
  const api = await startOnDatabase(database, () => startApiProcess({ DATABASE_URL: database.url, LPS_REDIS_PREFIX: prefix, LPS_RATE_LIMIT: '100000000/60' }));
  const seed = openSeedPool(database.url);
  const close = async () => {
    await api.stop();
    await seed.close();
    await database.drop();
    const redis = await connectRedis(loadRedisSettings(), 'producer');
    await deleteRedisKeys(redis, prefix);
    await redis.quit();
  };
  try {
    const db = createDb(database.url);
    const member = await createBenchMember(db, { displayName: 'Bench Member', headline: 'Staff engineer', companyName: 'Acme' });
    const other = await createBenchMember(db, { displayName: 'Other Member' });
    await db.$disconnect();
    for (const memberId of [member.memberId, other.memberId]) {
      for (let from = 1; from <= posts; from += SEED_CHUNK) {
        const count = Math.min(SEED_CHUNK, posts - from + 1);
        say(`seeding posts ${from.toLocaleString('en')}–${(from + count - 1).toLocaleString('en')} of ${memberId === member.memberId ? 'the measured member' : 'another member'}`);
        await addPosts(seed, memberId, from, count);
      }
    }
    const endpoint = await addIdeasAndWebhooks(seed, member.memberId);
    await addIdeasAndWebhooks(seed, other.memberId);
    await analyzeTables(seed);
    const targets = readTargets({ ...(await samplePosts(seed, member.memberId)), endpoint });
    return { database, api, seed, member, other, targets, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One load run of a read; any non-2xx answer fails the bench (a broken read cannot pass for a fast one). */
export async function measureRead(baseUrl: string, target: ReadTarget, options: { connections: number; durationSeconds: number; auth?: string }): Promise<LoadResult> {
  const result = await runLoad({
    name: target.name,
    url: `${baseUrl}${target.path}`,
    headers: options.auth ? { authorization: options.auth } : undefined,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors out of ${result.total}`);
  return result;
}

/** The median as the publish bench takes it (the upper one of an even count). */
export const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
export const num = (value: number, digits = 1, width = 9) => value.toFixed(digits).padStart(width);
