#!/usr/bin/env node
// Writes a migration for the change to prisma/schema.prisma since the last commit:
//   node scripts/new-migration.mjs add_something
// `prisma migrate dev` cannot run offline here (docs/decisions/0002-prisma-offline.md), so the
// previous schema is taken from git and diffed against the working copy. Commit the schema
// and the migration together.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: node scripts/new-migration.mjs <snake_case_name>');
  process.exit(2);
}
const previous = execFileSync('git', ['show', 'HEAD:prisma/schema.prisma'], { cwd: root });
const scratch = mkdtempSync(join(tmpdir(), 'lps-migration-'));
const previousPath = join(scratch, 'schema.prisma');
writeFileSync(previousPath, previous);
const diff = spawnSync(
  join(root, 'node_modules', '.bin', 'prisma'),
  ['migrate', 'diff', '--from-schema-datamodel', previousPath, '--to-schema-datamodel', 'prisma/schema.prisma', '--script'],
  { cwd: root, encoding: 'utf8' },
);
const sql = diff.stdout ?? '';
if (diff.status !== 0 || !/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
  // An empty file would be applied without complaint: refuse to write one.
  console.error(diff.stderr || 'no schema change since HEAD: nothing to write');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const dir = join(root, 'prisma', 'migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'migration.sql'), sql);
console.log(`wrote ${join('prisma', 'migrations', `${stamp}_${name}`, 'migration.sql')}`);
