import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from '@lps/config';

/** The migrated template every test database is copied from; made once per run by jest's global setup. */
export const templateDatabaseName = (): string => {
  const name = process.env.LPS_TEST_TEMPLATE_DB;
  if (!name) throw new Error('LPS_TEST_TEMPLATE_DB is not set: run the tests through `npm test` (jest global setup makes the template)');
  return name;
};

const baseUrl = (): string => process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

export function databaseUrlFor(name: string): string {
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrlFor('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops a database a test made some other way (e.g. one `npm start` created by itself). */
export async function dropDatabaseNamed(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file: a copy of the template (a few ms). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `lps_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = templateDatabaseName();
  await admin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    name,
    url: databaseUrlFor(name),
    drop: () => dropDatabaseNamed(name),
  };
}
