import type { DbOrTx } from '../client.js';

/** The cheapest statement PostgreSQL must answer: readiness probes ask it. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.$queryRawUnsafe('SELECT 1');
}

/** The migrations `prisma migrate deploy` finished and did not roll back, by directory name. */
export async function appliedMigrations(db: DbOrTx): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<Array<{ migration_name: string }>>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  return rows.map((row) => row.migration_name);
}
