// The README's pictures of the dashboard, taken from the real thing: `npm start`'s process
// (services/all/dist/main.js, built) on a database of its own, driven in Debian's Chromium as a
// member would. Run after `npm run build`:  node scripts/docs-screenshots.mjs
// Writes docs/images/*.png. Needs PostgreSQL, Redis and /usr/bin/chromium (or LPS_CHROMIUM).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const { chromium } = require('playwright-core');
const images = join(root, 'docs', 'images');
mkdirSync(images, { recursive: true });

async function shoot(page, file) {
  await page.screenshot({ path: join(images, file) });
  process.stderr.write(`wrote ${join('docs', 'images', file)}\n`);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const base = new URL(process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/lps');
const name = `lps_docs_${randomBytes(3).toString('hex')}`;
const admin = new URL(base);
admin.pathname = '/postgres';
const database = new URL(base);
database.pathname = `/${name}`;
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATABASE_URL: database.toString(), LPS_REDIS_PREFIX: `docs${port}`, LPS_HEALTH_PORT: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
  // Its own process group: Ctrl-C reaches the bootstrap and the service it runs, as in a terminal.
  detached: true,
});
const browser = await chromium.launch({
  executablePath: process.env.LPS_CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) break;
    } catch {
      if (tries > 600) throw new Error('the service did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 760 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Sign in under this name' }).click();
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  await page.goto('/developer/keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog', { name: 'Create API key' }).getByLabel('Name').fill('My laptop');
  await page.getByRole('dialog', { name: 'Create API key' }).getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
  await shoot(page, 'dashboard-api-key.png');
  // The studio: a post written from an idea, in the editor beside LinkedIn's own view of it (the fold).
  await page.goto('/compose');
  await page.getByRole('textbox', { name: 'Idea' }).fill('What a year of trunk-based development taught our team');
  await page.getByRole('button', { name: 'Write the post' }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
  await page.getByRole('region', { name: 'Preview' }).getByText('Checked with the server', { exact: false }).waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'dashboard-editor.png');
} finally {
  await browser.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGINT');
  await exited;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}
