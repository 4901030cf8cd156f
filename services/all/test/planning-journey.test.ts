import { createHmac } from 'node:crypto';
import { readBody, startLoopbackServer, type LoopbackServer } from '@lps/testing';
import { runLpsCli, startAsUser, type ServiceAsUser } from './support/user-session.js';
// The same validator the API tests use, built from the served document only.
import { DocumentValidator } from '../../api/test/support/openapi-validator.js';

// A member planning their week, from their side: the service started exactly as the README
// says (`npm start`, its defaults: sandbox network, builtin AI), driven with Node's fetch, every
// answer checked against the served OpenAPI document. They set their zone to Europe/Paris and a
// posting schedule, queue three posts, approve one and reject one with a note (a receiver
// subscribed to the review events gets them, signed), read a post's preview and publish a poll.

let baseUrl: string;
let env: NodeJS.ProcessEnv;
let user: ServiceAsUser;
let receiver: LoopbackServer;
let documentValidator: DocumentValidator;
let apiKey: string;
const deliveries: { headers: Record<string, string | string[] | undefined>; raw: Buffer }[] = [];
const outsideDocument: string[] = [];

beforeAll(async () => {
  receiver = await startLoopbackServer(async (req, res) => {
    deliveries.push({ headers: req.headers, raw: await readBody(req) });
    res.writeHead(204).end();
  });
  user = await startAsUser('planning_journey');
  ({ baseUrl, env } = user);
  documentValidator = await DocumentValidator.load(baseUrl);
}, 240_000);

afterAll(async () => {
  await user?.stop();
  await receiver?.close();
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  outsideDocument.push(
    ...documentValidator.problems({ method, path: path.split('?')[0] as string, status: response.status, contentType: response.headers.get('content-type') ?? undefined, text }),
  );
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function delivered(type: string): Promise<{ headers: Record<string, string | string[] | undefined>; raw: Buffer; event: any }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = deliveries.map((delivery) => ({ ...delivery, event: JSON.parse(delivery.raw.toString('utf8')) })).find((delivery) => delivery.event.type === type);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} delivery; got ${deliveries.map((d) => d.headers['x-lps-event']).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a member plans their week with `npm start` and its defaults', () => {
  let secret: string;
  const posts: string[] = [];

  it('creates a member with the CLI and subscribes a receiver to the review events', async () => {
    apiKey = JSON.parse(runLpsCli(['member', 'create', '--name', 'Ada Lovelace', '--json'], env)).api_key;
    const created = await call('POST', '/webhooks', { url: `${receiver.url}/reviews`, events: ['post.approved', 'post.rejected'] });
    expect(created.status).toBe(201);
    secret = created.json.secret;
  });

  it('sets Europe/Paris and a posting schedule; the slots are Paris wall times', async () => {
    expect((await call('GET', '/settings')).json.settings).toEqual({ time_zone: 'UTC', approval_required: false });
    expect((await call('PATCH', '/settings', { time_zone: 'Europe/Paris' })).json.settings.time_zone).toBe('Europe/Paris');
    const slots = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((day) => [
      { day, time: '09:00' },
      { day, time: '17:30' },
    ]);
    const schedule = await call('PUT', '/schedule', { slots });
    expect(schedule.json.schedule).toEqual({ time_zone: 'Europe/Paris', slots });
    const upcoming = (await call('GET', '/schedule/slots')).json.data as { at: string; local: string; post_id: null }[];
    expect(upcoming.length).toBeGreaterThanOrEqual(18);
    for (const slot of upcoming) {
      expect(slot.local).toMatch(/T(09:00|17:30)$/);
      // What Paris's clock shows at that instant, by Intl (the platform's own zone data).
      const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(slot.at));
      expect(paris).toBe(slot.local.slice(11));
    }
  });

  it('writes three posts and queues them on the first three free slots', async () => {
    for (const idea of ['What a year of trunk-based development taught us', 'Why we stopped estimating in points', 'Three questions for every code review']) {
      const created = await call('POST', '/posts', { idea });
      expect(created.status).toBe(201);
      posts.push(created.json.post.id);
    }
    const queued = [];
    const asked = Date.now();
    for (const id of posts) {
      const answer = await call('POST', `/posts/${id}/queue`);
      expect(answer.status).toBe(200);
      expect(answer.json.post.status).toBe('scheduled');
      queued.push(answer.json.post.scheduled_at);
    }
    const upcoming = (await call('GET', '/schedule/slots')).json.data as { at: string; post_id: string | null }[];
    const firstFree = upcoming.filter((slot) => Date.parse(slot.at) >= asked + 2 * 60_000);
    expect(queued).toEqual(upcoming.filter((slot) => slot.post_id !== null).map((slot) => slot.at));
    expect(new Set(queued).size).toBe(3);
    expect(firstFree.slice(0, 3).map((slot) => slot.post_id)).toEqual(posts);
  });

  it('approves one and rejects one with a note; the receiver gets both events, signed', async () => {
    const approved = await call('POST', `/posts/${posts[0]}/approve`);
    expect(approved.json.post).toMatchObject({ id: posts[0], status: 'scheduled' });
    const rejected = await call('POST', `/posts/${posts[1]}/reject`, { note: 'Lead with the number, please.' });
    expect(rejected.json.post).toMatchObject({ id: posts[1], status: 'rejected', review_note: 'Lead with the number, please.', scheduled_at: null });
    for (const [type, id] of [
      ['post.approved', posts[0]],
      ['post.rejected', posts[1]],
    ] as const) {
      const delivery = await delivered(type);
      expect(delivery.event.data.post.id).toBe(id);
      expect(delivery.headers['x-lps-signature']).toBe(`sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(delivery.raw).digest('hex')}`);
    }
    // Revised, the rejected post is a draft again; unscheduled, an approved queued post is approved again.
    expect((await call('PATCH', `/posts/${posts[1]}`, { body: 'We cut review time by 40 %. Here is how.' })).json.post.status).toBe('draft_saved');
    expect((await call('POST', `/posts/${posts[0]}/unschedule`)).json.post).toMatchObject({ status: 'approved', scheduled_at: null });
  });

  it('reads the preview of a post: the exact commentary publishing sends, with what readers see and the warnings', async () => {
    const body = 'Shipping daily (really) cut our lead time: 3 → 1 days. #DevOps #CI/CD';
    expect((await call('PATCH', `/posts/${posts[2]}`, { body })).status).toBe(200);
    const preview = (await call('GET', `/posts/${posts[2]}/preview`)).json.preview;
    expect(preview.commentary).toBe('Shipping daily \\(really\\) cut our lead time: 3 → 1 days. {hashtag|\\#|DevOps} {hashtag|\\#|CI}/CD');
    expect(preview.text).toBe('Shipping daily (really) cut our lead time: 3 → 1 days. #DevOps #CI/CD');
    expect(preview).toMatchObject({ characters: preview.commentary.length, limit: 3000, over_limit: false, hashtags: ['#DevOps', '#CI'] });
    expect(preview.warnings.join(' ')).toMatch(/#CI/);
  });

  it('publishes a poll on the sandbox, as LinkedIn’s content.poll', async () => {
    const created = await call('POST', '/posts', { idea: 'Which review habit saves your team the most time?' });
    const id = created.json.post.id as string;
    const poll = { question: 'Which habit saves the most review time?', options: ['Small PRs', 'Pairing', 'Checklists'], duration_days: 3 };
    const patched = await call('PATCH', `/posts/${id}`, { poll });
    expect(patched.json.post).toMatchObject({ format: 'poll', poll });
    expect((await call('GET', `/posts/${id}/preview`)).json.preview).toMatchObject({ poll, media: [] });
    expect((await call('POST', `/posts/${id}/publish`)).status).toBe(202);
    const deadline = Date.now() + 60_000;
    let post = patched.json.post;
    while (post.status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      post = (await call('GET', `/posts/${id}`)).json.post;
    }
    expect(post).toMatchObject({ status: 'published', format: 'poll', poll });
    expect(post.network_url).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:/);
  });

  it('got only answers the served OpenAPI document describes', () => {
    expect(outsideDocument).toEqual([]);
  });
});
