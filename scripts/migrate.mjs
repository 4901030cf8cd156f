#!/usr/bin/env node
// One-shot migration step for deployments (the compose `migrate` service, the
// Kubernetes Job): creates the database if it is missing and applies pending
// migrations, then exits. Services never migrate on their own at start.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from './prepare-database.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
await prepareDatabase({ root, say: (message) => process.stderr.write(`[migrate] ${message}\n`) });
process.stderr.write('[migrate] database is up to date\n');
