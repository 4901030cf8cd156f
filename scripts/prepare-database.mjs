// Creates the database named by DATABASE_URL when it is missing and applies
// pending migrations. Runs after the workspace is installed (it needs `pg`).
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { runQuietly } from './quiet-step.mjs';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lps';

export async function ensureDatabaseExists(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

async function appliedMigrationCount(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query("SELECT to_regclass('_prisma_migrations') AS t");
    if (!table.rows[0].t) return 0;
    const done = await client.query('SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL');
    return done.rows[0].n;
  } finally {
    await client.end();
  }
}

export function migrate(root, databaseUrl) {
  // Prisma's output is shown only when it fails (quiet-step.mjs says why).
  const status = runQuietly(join(root, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
  if (status !== 0) throw new Error(`prisma migrate deploy failed for ${redact(databaseUrl)}`);
}

function redact(databaseUrl) {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

export async function prepareDatabase({ root, say }) {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  try {
    if (await ensureDatabaseExists(databaseUrl)) say(`created database ${redact(databaseUrl)}`);
  } catch (error) {
    say(`cannot reach PostgreSQL at ${redact(databaseUrl)}: ${error.message}`);
    say('start it (see README, "Running it") or set DATABASE_URL');
    process.exit(1);
  }
  const migrationsDir = join(root, 'prisma', 'migrations');
  const available = existsSync(migrationsDir) ? readdirSync(migrationsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).length : 0;
  const pending = available - (await appliedMigrationCount(databaseUrl));
  if (pending <= 0) return;
  say(`applying ${pending} database migration${pending === 1 ? '' : 's'}`);
  migrate(root, databaseUrl);
}
