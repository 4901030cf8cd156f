import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { loadRedisSettings } from '@lps/config';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys, freePort } from '@lps/testing';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';
import { startAllProcess } from './posts/api-process.js';
import { median, num, pad, say } from './reads/setup.js';
import { addIdeasAndWebhooks, addPosts, openSeedPool } from './reads/seed.js';
import { addScheduledMonth, measureCalendarOnce, type CalendarRender } from './dashboard/calendar-render.js';

// `npm run bench -- dashboard [--rounds 5] [--posts 200] [--calendar-posts 500]`
// The dashboard as a member's browser meets it: `services/all/dist/main.js` (what `npm start`
// runs) on a bench database, Debian's Chromium signed in through the sandbox, the member given
// `posts` posts, ideas and webhooks. Each page is loaded `rounds` times in a fresh context (an
// empty cache: a first visit) and measured by what the browser fetched:
//  - the JavaScript and CSS of the first load, gzipped as a server would send them (goal ≤ 200 KB);
//  - the calls to the server's JSON it made to show itself (goal ≤ 3);
//  - the time to its heading, median (no goal: reported against the sign-in page's, same run).
// Then the calendar's month view with `calendar-posts` scheduled posts in one month, against the
// same view of an empty month (goal: one API call's time plus ≤ 100 ms of scripting; see
// dashboard/calendar-render.ts for what is measured and how).
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, posts: { type: 'string', default: '200' }, 'calendar-posts': { type: 'string', default: '500' } },
});
const rounds = Number(values.rounds);
const CHROMIUM = process.env.LPS_CHROMIUM || '/usr/bin/chromium';
const SCRIPT_OR_STYLE = /\.(?:js|css)$/;

interface PageSpec {
  path: string;
  heading: string | RegExp;
  /** Calls it may make to show itself (3 unless said), and why more. */
  calls?: { limit: number; why: string };
}

interface Load {
  bytesGzip: number;
  calls: string[];
  headingMs: number;
}

type Storage = BrowserContextOptions['storageState'];

async function signIn(browser: Browser, origin: string): Promise<{ storage: Storage; memberId: string }> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
  await page.getByLabel('Your name').fill('Bench Member');
  await page.getByRole('button', { name: 'Sign in under this name' }).click();
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  const session = (await (await page.request.get('/dashboard/api/session')).json()) as { member: { id: string } };
  const storage = await context.storageState();
  await context.close();
  return { storage, memberId: session.member.id };
}

/** One first visit of `spec`: everything fetched until the page's heading shows and the network is quiet. */
async function loadOnce(browser: Browser, origin: string, storage: Storage, spec: PageSpec): Promise<Load> {
  const context = await browser.newContext({ baseURL: origin, storageState: storage });
  const page: Page = await context.newPage();
  const pending: Promise<number>[] = [];
  const calls: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    // The live-events stream (/dashboard/api/events) is one long-lived connection a page listens on, not a read it needs to show itself.
    if (url.pathname.startsWith('/dashboard/api') && url.pathname !== '/dashboard/api/events') calls.push(`${response.request().method()} ${url.pathname}${url.search}`);
    if (SCRIPT_OR_STYLE.test(url.pathname)) pending.push(response.body().then((body) => gzipSync(body).length));
  });
  const started = Date.now();
  await page.goto(spec.path);
  await page.getByRole('heading', { level: 1, name: spec.heading }).waitFor();
  const headingMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const bytesGzip = (await Promise.all(pending)).reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  return { bytesGzip, calls, headingMs };
}

const prefix = `benchdash${randomBytes(3).toString('hex')}`;
const database = await createBenchDatabase();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const service = await startOnDatabase(database, () => startAllProcess(port, { DATABASE_URL: database.url, LPS_REDIS_PREFIX: prefix }));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const { storage, memberId } = await signIn(browser, origin);
  const seed = openSeedPool(database.url);
  say(`seeding ${values.posts} posts, ideas and webhooks for the signed-in member`);
  await addPosts(seed, memberId, 1, Number(values.posts));
  const endpointId = await addIdeasAndWebhooks(seed, memberId);
  const firstPost = await seed.pool.query<{ id: string }>('SELECT id FROM posts WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [memberId]);
  // The calendar's busy month is next month (its posts are still to come, on its first 28 days); the
  // empty one is two months later, so that not even its grid's first days reach into the busy month.
  const now = new Date();
  const busyMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const emptyMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)).toISOString().slice(0, 10);
  say(`seeding ${values['calendar-posts']} scheduled posts in the month of ${busyMonth}`);
  await addScheduledMonth(seed, memberId, `${busyMonth}T00:00:00Z`, Number(values['calendar-posts']));
  await seed.close();

  const pages: PageSpec[] = [
    { path: '/sign-in', heading: 'Sign in to lps' },
    { path: '/posts', heading: 'Posts' },
    { path: `/posts/${firstPost.rows[0]!.id}`, heading: /^Bench post 1:/ },
    { path: '/compose', heading: 'Compose' },
    {
      path: `/posts/${firstPost.rows[0]!.id}/edit`,
      heading: 'Edit post',
      calls: { limit: 3, why: 'the session (with the member’s zone and approval), then side by side the post and the server’s check of the preview' },
    },
    { path: '/review', heading: 'Review' },
    { path: '/failures', heading: 'Failures' },
    { path: '/developer/keys', heading: 'API keys' },
    { path: '/developer/webhooks', heading: 'Webhooks' },
    { path: `/developer/webhooks/${endpointId}`, heading: 'https://hooks.example.com/1' },
    { path: '/developer/mcp', heading: 'MCP' },
    { path: '/connection', heading: 'LinkedIn connection' },
    { path: '/account/sessions', heading: 'Sessions' },
    { path: '/calendar', heading: 'Calendar' },
    { path: '/settings/schedule', heading: 'Schedule & settings' },
    { path: '/ideas', heading: 'Ideas' },
    {
      path: '/analytics',
      heading: 'Analytics',
      calls: { limit: 5, why: 'the session (with the member’s zone), then side by side the KPIs and the table, then each chart’s series' },
    },
  ];
  say(`loading each of ${pages.length} pages ${rounds} times, each a first visit`);
  const results = new Map<string, Load[]>(pages.map((spec) => [spec.path, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const spec of pages) results.get(spec.path)!.push(await loadOnce(browser, origin, spec.path === '/sign-in' ? undefined : storage, spec));
  }
  const signInMs = median(results.get('/sign-in')!.map((load) => load.headingMs));
  console.log(
    `dashboard pages, ${rounds} first visits each (medians): JS+CSS gzipped (goal ≤ 200 KB), calls to show itself (goal ≤ 3), time to the heading against the sign-in page's`,
  );
  console.log(`${pad('page', 34)}${'JS+CSS KB'.padStart(10)}${'calls'.padStart(7)}${'heading ms'.padStart(12)}${'× sign-in'.padStart(11)}  goals`);
  let failed = false;
  for (const spec of pages) {
    const loads = results.get(spec.path)!;
    const kb = median(loads.map((load) => load.bytesGzip)) / 1024;
    const calls = Math.max(...loads.map((load) => load.calls.length));
    const ms = median(loads.map((load) => load.headingMs));
    const ok = kb <= 200 && calls <= (spec.calls?.limit ?? 3);
    failed ||= !ok;
    const shown = spec.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id');
    const note = spec.calls ? ` (calls ≤ ${spec.calls.limit}: ${spec.calls.why})` : '';
    console.log(`${pad(shown, 34)}${num(kb, 1, 10)}${num(calls, 0, 7)}${num(ms, 0, 12)}${num(ms / Math.max(signInMs, 1), 2, 11)}  ${ok ? 'met' : 'MISSED'}${note}`);
  }

  say(`loading the calendar ${rounds} times each: the month with ${values['calendar-posts']} posts, an empty month, the busiest week`);
  // The month draws four posts a day and "N more"; the busiest week draws every one of its posts.
  const busiestWeek = busyMonth.slice(0, 8) + '08';
  const busy: CalendarRender[] = [];
  const empty: CalendarRender[] = [];
  const week: CalendarRender[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    busy.push(await measureCalendarOnce(browser, origin, storage, { view: 'month', date: busyMonth, expectEntries: true }));
    empty.push(await measureCalendarOnce(browser, origin, storage, { view: 'month', date: emptyMonth, expectEntries: false }));
    week.push(await measureCalendarOnce(browser, origin, storage, { view: 'week', date: busiestWeek, expectEntries: true }));
  }
  console.log(
    `calendar, ${rounds} first visits each (medians): the GET /calendar call, from its answer to the grid on screen (goal ≤ 100 ms), Chrome's ScriptDuration for the load`,
  );
  console.log(`${pad('month', 34)}${'entries'.padStart(8)}${'call ms'.padStart(9)}${'render ms'.padStart(11)}${'script ms'.padStart(11)}  goal`);
  for (const [label, loads] of [
    [`${values['calendar-posts']} posts (${busyMonth.slice(0, 7)})`, busy],
    [`empty (${emptyMonth.slice(0, 7)})`, empty],
    [`week ${busiestWeek} (all drawn)`, week],
  ] as const) {
    const render = median(loads.map((load) => load.renderMs));
    const ok = render <= 100;
    failed ||= !ok;
    console.log(
      `${pad(label, 34)}${num(median(loads.map((load) => load.entries)), 0, 8)}${num(median(loads.map((load) => load.callMs)), 0, 9)}${num(render, 1, 11)}${num(median(loads.map((load) => load.scriptMs)), 0, 11)}  ${ok ? 'met' : 'MISSED'}`,
    );
  }
  if (failed) process.exitCode = 1;
} finally {
  await browser.close();
  await service.stop();
  await database.drop();
  const redis = await connectRedis(loadRedisSettings(), 'producer');
  await deleteRedisKeys(redis, prefix);
  await redis.quit();
}
