import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrlFor, dropDatabaseNamed, readBody, repoRoot, startLoopbackServer, type LoopbackServer } from '@lps/testing';
import { dataDirectory, freePort, runLpsCli, startInShell, userEnvironment, waitForHealth, type StartedService } from './support/user-session.js';
import { download, urlsIn } from './support/url-walker.js';
// The same validator the API tests use, built from the served document only.
import { DocumentValidator } from '../../api/test/support/openapi-validator.js';
// The browser a newcomer opens the printed address in: Debian's Chromium, as the dashboard's own tests drive it.
import { launchBrowser, openPage } from '../../dashboard/test/browser/support/browser.js';

// A new user's first hour, from their side: the service started exactly as the
// README says (`npm start`, default configuration: `.data` as the data
// directory, sandbox network, builtin AI), driven with Node's fetch, every URL
// any answer hands out fetched. Only the port, a database and Redis prefix of
// its own, and private webhook URLs (the receiver is on loopback) differ.

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

const databaseName = `lps_journey_${process.pid}_${randomBytes(3).toString('hex')}`;
let port: number;
let baseUrl: string;
let env: NodeJS.ProcessEnv;
let service: StartedService;
let receiver: LoopbackServer;
const deliveries: Delivery[] = [];
const handedOut = new Set<string>();

beforeAll(async () => {
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}/api/v1`;
  env = userEnvironment({
    PORT: String(port),
    DATABASE_URL: databaseUrlFor(databaseName),
    LPS_REDIS_PREFIX: `journey${process.pid}`,
    LPS_ALLOW_PRIVATE_URLS: '1',
  });
  receiver = await startLoopbackServer(async (req, res) => {
    deliveries.push({ headers: req.headers, raw: await readBody(req) });
    res.writeHead(204).end();
  });
  service = startInShell('npm start', env);
  await waitForHealth(baseUrl, service);
  documentValidator = await DocumentValidator.load(baseUrl);
}, 240_000);

afterAll(async () => {
  await service?.interrupt();
  await receiver?.close();
  await dropDatabaseNamed(databaseName);
});

let apiKey: string;
let documentValidator: DocumentValidator;
const outsideDocument: string[] = [];
let answersChecked = 0;

/** Every API answer of the journey is checked against the served OpenAPI document, as a generated client would read it. */
function checkAgainstDocument(method: string, url: string, status: number, contentType: string | null, text: string): void {
  const path = new URL(url).pathname.replace(/^\/api\/v1/, '');
  answersChecked += 1;
  outsideDocument.push(...documentValidator.problems({ method, path, status, contentType: contentType ?? undefined, text }));
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  checkAgainstDocument(method, `${baseUrl}${path}`, response.status, response.headers.get('content-type'), text);
  const json = text ? JSON.parse(text) : undefined;
  for (const url of urlsIn(json)) handedOut.add(url);
  return { status: response.status, json, headers: response.headers };
}

async function pollPost(id: string, done: (post: any) => boolean, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await call('GET', `/posts/${id}`);
    if (done(json.post)) return json.post;
    if (Date.now() > deadline) throw new Error(`post ${id} never reached the expected state: ${JSON.stringify(json.post)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A stored file's bytes on disk, under the default data directory, by the key in its URL. */
function storedBytes(url: string): Buffer {
  const key = decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, ''));
  return readFileSync(join(dataDirectory(), 'files', key));
}

async function expectDownloadsStoredFile(url: string): Promise<Buffer> {
  const file = await download(url);
  expect({ url, status: file.status, type: file.contentType }).toEqual({ url, status: 200, type: file.expectedType });
  expect(file.magicMatches).toBe(true);
  expect(file.bytes.equals(storedBytes(url))).toBe(true);
  return file.bytes;
}

/** A receiver's own check of both signatures (not our verification package: what the docs tell receivers to do). */
function verifySignatures(delivery: Delivery, secret: string): void {
  const lps = createHmac('sha256', Buffer.from(secret, 'utf8')).update(delivery.raw).digest('hex');
  expect(delivery.headers['x-lps-signature']).toBe(`sha256=${lps}`);
  const signed = `${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.raw.toString('utf8')}`;
  const standard = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(signed)
    .digest('base64');
  expect(String(delivery.headers['webhook-signature']).split(' ')).toContain(`v1,${standard}`);
}

async function waitForEvent(type: string, match: (data: any) => boolean = () => true): Promise<Delivery> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = deliveries.find((delivery) => {
      const event = JSON.parse(delivery.raw.toString('utf8'));
      return event.type === type && match(event.data);
    });
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} delivery; got ${deliveries.map((d) => d.headers['x-lps-event']).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a new user, with the service started by `npm start` and its defaults', () => {
  let secret: string;
  let webhookId: string;
  let postId: string;

  it('creates a member with the CLI and reads /me with the key it printed', async () => {
    const created = JSON.parse(runLpsCli(['member', 'create', '--name', 'Ada Lovelace', '--json'], env));
    apiKey = created.api_key;
    expect(apiKey).toMatch(/^lps_[0-9a-f]{32}$/);
    const me = await call('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.json.member).toMatchObject({ id: created.member.id, display_name: 'Ada Lovelace', network_connected: true });
  });

  it('registers a webhook and is told about new ideas, signed', async () => {
    const registered = await call('POST', '/webhooks', {
      url: `${receiver.url}/hooks`,
      events: ['post.published', 'post.publish_failed', 'post.images_ready', 'idea.created'],
    });
    expect(registered.status).toBe(201);
    secret = registered.json.secret;
    webhookId = registered.json.endpoint.id;
    const generated = await call('POST', '/ideas/generate');
    expect(generated.status).toBe(200);
    expect(generated.json.ideas.length).toBeGreaterThan(0);
    verifySignatures(await waitForEvent('idea.created'), secret);
  });

  it('writes a post, generates images and downloads every candidate it is handed', async () => {
    const created = await call('POST', '/posts', { idea: 'What a year of trunk-based development taught our team' });
    expect(created.status).toBe(201);
    postId = created.json.post.id;
    expect(created.json.post.body.length).toBeGreaterThan(50);

    const accepted = await call('POST', `/posts/${postId}/images`, {});
    expect(accepted.status).toBe(202);
    const polled = await fetch(`http://127.0.0.1:${port}${accepted.json.poll}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(polled.status).toBe(200);

    const post = await pollPost(postId, (p) => Array.isArray(p.image_candidates) && p.status !== 'generating_images');
    expect(post.image_candidates.length).toBeGreaterThan(1);
    expect(post.image_candidates.some((c: any) => c.kind === 'document')).toBe(true);
    for (const candidate of post.image_candidates) await expectDownloadsStoredFile(candidate.base_url);
    verifySignatures(await waitForEvent('post.images_ready', (data) => data.post.id === postId), secret);
  });

  it('selects a generated design with the default overlay: no second copy of the hook (decision 0022), alt text from its words; downloads it', async () => {
    const post = (await call('GET', `/posts/${postId}`)).json.post;
    const index = post.image_candidates.findIndex((c: any) => c.kind === 'image');
    const candidate = post.image_candidates[index];
    expect(candidate.shows_text).toBeTruthy();
    const selected = await call('POST', `/posts/${postId}/select-image`, { image_index: index, use_overlay: true });
    expect(selected.status).toBe(200);
    expect(selected.json.post.status).toBe('approved');
    expect(selected.json.post.image_url).toBe(candidate.base_url);
    expect(selected.json.post.images).toEqual([{ image_url: candidate.base_url, alt_text: candidate.alt_text }]);
    await expectDownloadsStoredFile(selected.json.post.image_url);
  });

  it('uploads a picture with fetch and FormData, and downloads what the answer hands out', async () => {
    const post = (await call('GET', `/posts/${postId}`)).json.post;
    const png = (await download(post.image_candidates.find((c: any) => c.kind === 'image').base_url)).bytes;
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'my picture.png');
    const response = await fetch(`${baseUrl}/posts/${postId}/images/upload`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    const text = await response.text();
    checkAgainstDocument('POST', response.url, response.status, response.headers.get('content-type'), text);
    const answer = JSON.parse(text) as any;
    expect(response.status).toBe(201);
    for (const url of urlsIn(answer)) handedOut.add(url);
    expect(answer.candidates[0].base_url).toBe(answer.image_url);
    for (const candidate of answer.candidates) await expectDownloadsStoredFile(candidate.base_url);
  });

  it('schedules the post, which publishes itself, and reads its analytics', async () => {
    const at = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await call('POST', `/posts/${postId}/schedule`, { scheduled_at: at });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.post.status).toBe('scheduled');

    const published = await pollPost(postId, (p) => p.status === 'published');
    expect(published.network_url).toMatch(/^https:\/\//);
    expect(published.network_post_urn).toMatch(/^urn:li:/);
    verifySignatures(await waitForEvent('post.published', (data) => data.post.id === postId), secret);

    const analytics = await call('GET', `/posts/${postId}/analytics`);
    expect(analytics.status).toBe(200);
    expect(analytics.json.post_id).toBe(postId);
    const account = await call('GET', '/analytics');
    expect(account.status).toBe(200);
    expect(account.json.kpis.posts_published).toBe(1);
    expect(account.json.top_posts.map((p: any) => p.id)).toContain(postId);
  });

  it('publishes a second post on request and sees every delivery recorded as a success', async () => {
    const created = await call('POST', '/posts', { idea: 'Why our on-call rotation got quieter' });
    const accepted = await call('POST', `/posts/${created.json.post.id}/publish`);
    expect(accepted.status).toBe(202);
    await pollPost(created.json.post.id, (p) => p.status === 'published');
    await waitForEvent('post.published', (data) => data.post.id === created.json.post.id);

    const recorded = await call('GET', `/webhooks/${webhookId}/deliveries`);
    expect(recorded.status).toBe(200);
    expect(recorded.json.data.length).toBe(deliveries.length);
    expect(recorded.json.data.every((d: any) => d.status === 'success' && d.response_code === 204)).toBe(true);
    for (const delivery of deliveries) verifySignatures(delivery, secret);
  });

  it('answers 200 on every URL of ours that any response handed out', async () => {
    const ours = [...handedOut].filter((url) => url.startsWith('/api/v1/') || url.startsWith(`http://127.0.0.1:${port}/`));
    const theirs = [...handedOut].filter((url) => !ours.includes(url));
    expect(ours.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const url of ours) {
      const absolute = url.startsWith('/') ? `http://127.0.0.1:${port}${url}` : url;
      const response = await fetch(absolute, { headers: { authorization: `Bearer ${apiKey}` } });
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${response.status} ${url}`);
    }
    expect(failures).toEqual([]);
    // The network's own post URLs (sandbox: linkedin.com) are not ours to fetch offline; the webhook receiver's is the user's.
    for (const url of theirs) expect(url.startsWith('https://www.linkedin.com/') || url.startsWith(receiver.url)).toBe(true);
  });

  // After the URL walk: a connect link works once, so it is not one to fetch again.
  it('disconnects, is told both ways back, and connects again by each: the CLI, then a link of its own (nothing configured)', async () => {
    const memberId = (await call('GET', '/me')).json.member.id as string;
    const created = await call('POST', '/posts', { idea: 'What a week without meetings taught us' });
    expect((await call('DELETE', '/me/connection')).status).toBe(204);
    const refused = await call('POST', `/posts/${created.json.post.id}/publish`);
    expect([refused.status, refused.json.error.message]).toEqual([
      422,
      'the member is not connected to the network: the member connects again with POST /api/v1/me/connection/links, or the operator runs lps member connect <member-id>',
    ]);
    expect(runLpsCli(['member', 'list'], env)).toContain(`${memberId}  Ada Lovelace  not connected`);

    // The operator's way, as the message names it.
    expect(JSON.parse(runLpsCli(['member', 'connect', memberId, '--json'], env))).toEqual({ member_id: memberId, network: 'sandbox', connected: true, was_connected: false });
    expect(runLpsCli(['member', 'list'], env)).toContain(`${memberId}  Ada Lovelace  connected\n`);
    expect((await call('GET', '/me')).json.member.network_connected).toBe(true);

    // The member's own way: a link back to a page of the service itself, with no LPS_CONNECT_RETURN_URLS set.
    expect((await call('DELETE', '/me/connection')).status).toBe(204);
    const links = await call('POST', '/me/connection/links', { return_to: `http://127.0.0.1:${port}/` });
    expect(links.status).toBe(201);
    const opened = await fetch(links.json.links[0].authorize_url as string, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const landed = new URL(opened.headers.get('location') as string);
    expect([landed.origin, landed.searchParams.get('lps_connection')]).toEqual([`http://127.0.0.1:${port}`, 'connected']);
    expect((await call('GET', '/me')).json.member.network_connected).toBe(true);
    expect((await call('POST', `/posts/${created.json.post.id}/publish`)).status).toBe(202);
    await pollPost(created.json.post.id, (p) => p.status === 'published');
  });

  it('got only answers the served OpenAPI document describes', () => {
    expect(answersChecked).toBeGreaterThan(15);
    expect(outsideDocument).toEqual([]);
  });

  it('stops on Ctrl-C, every service saying so', async () => {
    await service.interrupt();
    for (const name of ['api', 'publisher', 'image', 'research', 'webhook-dispatcher']) expect(service.output()).toContain(`${name} stopped`);
  });
});

describe('the README\'s "Try it", followed as written', () => {
  it('starts with npm start, signs in to the dashboard it prints, creates a key there, and the curl lines answer with it', async () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const tryIt = readme.slice(readme.indexOf('## Try it'), readme.indexOf('\n## ', readme.indexOf('## Try it') + 3));
    const blocks = [...tryIt.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);
    expect(blocks).toHaveLength(2);
    const [start, curls] = blocks as [string, string];
    expect(start.trim()).toMatch(/^npm start\b/);
    expect(curls).toMatch(/^KEY=lps_…/m);
    const tryPort = await freePort();
    const tryDatabase = `${databaseName}_try`;
    const local = (text: string) => text.replaceAll('127.0.0.1:3000', `127.0.0.1:${tryPort}`);
    const environment = userEnvironment({ PORT: String(tryPort), DATABASE_URL: databaseUrlFor(tryDatabase), LPS_REDIS_PREFIX: `tryit${process.pid}`, LPS_HEALTH_PORT: '0' });
    const shell = startInShell(local(start), environment);
    const chromium = await launchBrowser();
    try {
      await waitForHealth(`http://127.0.0.1:${tryPort}/api/v1`, shell);
      // "it prints  lps is running: http://127.0.0.1:3000/": the address the member opens. The API answers
      // before the workers have started, and the line comes once they have: wait for it as a person would.
      let printed: string | undefined;
      for (const deadline = Date.now() + 60_000; !printed && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        printed = /lps is running: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(shell.output())?.[1];
      }
      expect(printed).toBe(`http://127.0.0.1:${tryPort}/`);
      const { page, context, problems } = await openPage(chromium.browser, { baseURL: printed as string });
      // The steps the README names, by the names it gives them.
      await page.goto(printed as string);
      await page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
      await page.getByRole('button', { name: 'Continue as a sandbox member' }).click();
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByLabel('Name').fill('Try it');
      await dialog.getByRole('button', { name: 'Create API key' }).click();
      await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Copy API key' }).click();
      const key = (await page.evaluate('navigator.clipboard.readText()')) as string;
      expect(key).toMatch(/^lps_[0-9a-f]{32}$/);

      const pasted = spawnSync('bash', ['-c', `set -e\n${local(curls).replace(/^KEY=lps_….*$/m, `KEY=${key}`)}`], { cwd: repoRoot, env: environment, encoding: 'utf8' });
      expect(pasted.status).toBe(0);
      expect(pasted.stdout).toMatch(/\{"member":\{"id":"[0-9a-f-]{36}","display_name":"Sandbox member"/);
      expect(pasted.stdout).toMatch(/\{"post":\{"id":"[0-9a-f-]{36}","status":"draft_saved"/);

      // "That post is under Posts: open it, and Edit post shows it as LinkedIn will, fold included."
      await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
      await page.getByRole('list', { name: 'Posts, newest first' }).getByRole('link').first().click();
      await page.getByRole('link', { name: 'Edit post' }).click();
      await page.getByRole('region', { name: 'Preview' }).getByText('…see more').first().waitFor();
      expect(problems()).toEqual([]);
      await context.close();

      // "Without a browser": the CLI's one line gives a key that works the same way.
      const oneLine = /Without a browser[\s\S]*?`(KEY=\$\(npm run[^`]*)`/.exec(tryIt)?.[1];
      expect(oneLine).toBeDefined();
      const cli = spawnSync('bash', ['-c', `set -e\n${oneLine}\ncurl -s -H "Authorization: Bearer $KEY" http://127.0.0.1:${tryPort}/api/v1/me`], {
        cwd: repoRoot,
        env: environment,
        encoding: 'utf8',
      });
      expect(cli.stdout).toMatch(/\{"member":\{"id":"[0-9a-f-]{36}","display_name":"Ada Lovelace"/);
    } finally {
      await chromium.close();
      await shell.interrupt();
      await dropDatabaseNamed(tryDatabase);
    }
  }, 240_000);
});
