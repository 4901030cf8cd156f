// Makes the migrated template database that every test file copies (CREATE
// DATABASE … TEMPLATE). Its name carries a hash of the migrations, so it is
// built once per schema change, not once per run.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabaseExists, migrate } from '../scripts/prepare-database.mjs';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lps';

function migrationsHash(root) {
  const dir = join(root, 'prisma', 'migrations');
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    hash.update(entry).update(readFileSync(join(dir, entry, 'migration.sql')));
  }
  return hash.digest('hex').slice(0, 10);
}

export default async function globalSetup(globalConfig) {
  const root = globalConfig.rootDir;
  const base = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const name = `lps_tpl_${migrationsHash(root)}`;
  const templateUrl = new URL(base);
  templateUrl.pathname = `/${name}`;
  const created = await ensureDatabaseExists(templateUrl.toString());
  const client = new pg.Client({ connectionString: templateUrl.toString() });
  await client.connect();
  const ready = await client.query("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS ok");
  await client.end();
  if (created || !ready.rows[0].ok) migrate(root, templateUrl.toString());
  process.env.LPS_TEST_TEMPLATE_DB = name;
}
