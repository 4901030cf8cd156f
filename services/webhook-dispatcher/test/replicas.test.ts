import { execFile } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  apiPort,
  createTestMember,
  createTestRuntime,
  readBody,
  repoRoot,
  startLoopbackServer,
  startServiceProcess,
  waitFor,
  type LoopbackServer,
  type ServiceProcess,
  type TestMember,
  type TestRuntime,
} from '@lps/testing';
import { emitEvent } from './support/webhook-harness.js';
import { TIMEOUTS_BEFORE_PAUSE } from '../src/domain/delivery/pause-policy.js';

// Two API replicas and two dispatcher replicas, each a real process as ops run them,
// on one database and one Redis prefix. What one replica learns, the other acts on:
// a member's share of the delivery slots and an endpoint's pause (dispatchers), a
// key's rate limit and its revocation (APIs).

const CONCURRENCY = 4; // per dispatcher: a fleet of 8, a share of 2
const ENDPOINT_CONCURRENCY = 2;

let test: TestRuntime;
const apis: string[] = [];
const processes: ServiceProcess[] = [];
let dispatchers: ServiceProcess[];
let hanging: LoopbackServer;
const held: ServerResponse[] = [];
/** Requests in flight at the hanging receiver, per member (the path says whose endpoint it is). */
const inFlight = new Map<string, number>();
const peak = new Map<string, number>();
const arrivals: Array<{ path: string; at: number }> = [];

beforeAll(async () => {
  test = await createTestRuntime({ LPS_ALLOW_PRIVATE_URLS: '1' });
  hanging = await startLoopbackServer(async (req, res) => {
    await readBody(req);
    const owner = (req.url ?? '/').split('/')[1] as string;
    arrivals.push({ path: req.url ?? '/', at: Date.now() });
    if (owner === 'healthy') return void res.writeHead(204).end();
    inFlight.set(owner, (inFlight.get(owner) ?? 0) + 1);
    peak.set(owner, Math.max(peak.get(owner) ?? 0, inFlight.get(owner) as number));
    held.push(res);
    res.on('close', () => inFlight.set(owner, (inFlight.get(owner) ?? 1) - 1));
  });
  const env = {
    DATABASE_URL: test.database.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    LPS_ALLOW_PRIVATE_URLS: '1',
    LPS_WEBHOOK_CONCURRENCY: String(CONCURRENCY),
    LPS_WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CONCURRENCY),
    LPS_TEST_WEBHOOK_TIMEOUT: '1500ms',
    LPS_WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms',
    LPS_WEBHOOK_SWEEP_INTERVAL: '500ms',
    LPS_RATE_LIMIT: '40/60',
    LPS_AUTH_CACHE_TTL: '30s',
  };
  const started = [startServiceProcess('services/api/dist/main.js', { ...env, PORT: '0' }), startServiceProcess('services/api/dist/main.js', { ...env, PORT: '0' })];
  dispatchers = [startServiceProcess('services/webhook-dispatcher/dist/main.js', env), startServiceProcess('services/webhook-dispatcher/dist/main.js', env)];
  processes.push(...started, ...dispatchers);
  for (const api of started) apis.push(`http://127.0.0.1:${await apiPort(api)}/api/v1`);
  await Promise.all(dispatchers.map((dispatcher) => dispatcher.waitForLine(/webhook-dispatcher started/)));
}, 90_000);

afterAll(async () => {
  for (const res of held) res.destroy();
  await Promise.all(processes.map((service) => service.stop()));
  await hanging?.close();
  await test?.cleanup();
});

async function createEndpoint(api: string, member: TestMember, path: string): Promise<string> {
  const response = await fetch(`${api}/webhooks`, {
    method: 'POST',
    headers: { authorization: member.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${hanging.url}/${path}`, events: ['post.images_ready'] }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { endpoint: { id: string } }).endpoint.id;
}

/** Which dispatcher processes logged a failed attempt to one of these endpoints. */
const dispatchersThatFailed = (endpointIds: string[]) =>
  dispatchers.filter((dispatcher) => dispatcher.lines.some((line) => /webhook attempt failed/.test(String(line.message)) && endpointIds.includes(String(line.endpoint_id))));

describe('two dispatchers', () => {
  it("hold one member's share of the fleet: a member whose 20 receivers hang gets at most 6 of the 8 slots, and another member's deliveries pass meanwhile", async () => {
    const hog = await createTestMember(test.runtime, { displayName: 'Hog' });
    const other = await createTestMember(test.runtime, { displayName: 'Other' });
    const hogEndpoints: string[] = [];
    for (let index = 0; index < 20; index += 1) hogEndpoints.push(await createEndpoint(apis[index % 2] as string, hog, `hog/${index}`));
    await createEndpoint(apis[0] as string, other, 'healthy/other');
    for (let event = 0; event < 10; event += 1) await emitEvent(test.runtime, hog.memberId, 'post.images_ready', { post: { id: `hog-${event}` } });
    await waitFor(() => (inFlight.get('hog') ?? 0) >= 4, { what: "the hog's first attempts in flight" });
    const hangingSince = Date.now();
    for (let event = 0; event < 5; event += 1) await emitEvent(test.runtime, other.memberId, 'post.images_ready', { post: { id: `other-${event}` } });
    await waitFor(() => arrivals.filter((arrival) => arrival.path.startsWith('/healthy/')).length === 5, { timeoutMs: 20_000, what: "the other member's 5 deliveries" });
    console.log(`replicas: the other member's 5 deliveries arrived ${Date.now() - hangingSince} ms after the hog's started hanging; the hog's peak in flight: ${peak.get('hog')}`);
    // The fleet's rule, counted in Redis: capacity 2 × 4, a share of 2 always free for others.
    expect(peak.get('hog')).toBeLessThanOrEqual(2 * CONCURRENCY - 2);
    // Both dispatchers carried the hog's attempts: the share was held across them, not inside one.
    await waitFor(() => dispatchersThatFailed(hogEndpoints).length === 2, { timeoutMs: 15_000, what: "both dispatchers' time-outs of the hog" });
  });

  it('pause an endpoint after five time-outs in a row counted across both, and then both leave it alone', async () => {
    const member = await createTestMember(test.runtime, { displayName: 'Silent' });
    const endpointId = await createEndpoint(apis[1] as string, member, 'silent/only');
    const toSilent = () => arrivals.filter((arrival) => arrival.path.startsWith('/silent/')).length;
    for (let event = 0; event < 8; event += 1) await emitEvent(test.runtime, member.memberId, 'post.images_ready', { post: { id: `silent-${event}` } });
    // Read from the database: polling the API would spend the member's rate limit.
    const deliveries = () => test.runtime.db.webhookDelivery.findMany({ where: { endpointId }, select: { lastError: true, status: true } });
    await waitFor(async () => (await deliveries()).some((delivery) => /endpoint paused until .* after 5 time-outs in a row/.test(delivery.lastError ?? '')), {
      timeoutMs: 30_000,
      what: 'a delivery saying the endpoint is paused',
    });
    const beforePause = toSilent();
    // Each dispatcher alone would have sent 5 before pausing (10 in all); counted together, 5 and
    // the attempts that were in flight when the fifth timed out (at most the endpoint's 2 slots).
    expect(beforePause).toBeLessThanOrEqual(TIMEOUTS_BEFORE_PAUSE + ENDPOINT_CONCURRENCY);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    console.log(`replicas: ${beforePause} requests to the silent endpoint before the pause, ${toSilent() - beforePause} in the 3 s after`);
    expect(toSilent() - beforePause).toBeLessThanOrEqual(ENDPOINT_CONCURRENCY);
    expect((await deliveries()).every((delivery) => delivery.status === 'pending')).toBe(true);
  });
});

describe('two APIs', () => {
  it("count one key's rate limit together: the 41st request of a 40/60 window is 429 whichever replica gets it", async () => {
    const member = await createTestMember(test.runtime, { displayName: 'Counted' });
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) statuses.push((await fetch(`${apis[i % 2]}/me`, { headers: { authorization: member.auth } })).status);
    expect(statuses).toEqual([...Array<number>(40).fill(200), 429]);
  });

  it('both drop a revoked key at once, although each caches live keys for 30 s', async () => {
    const member = await createTestMember(test.runtime, { displayName: 'Revoked' });
    for (const api of apis) expect((await fetch(`${api}/me`, { headers: { authorization: member.auth } })).status).toBe(200);
    await promisify(execFile)(process.execPath, [resolve(repoRoot, 'packages/cli/dist/main.js'), 'key', 'revoke', member.keyId], {
      env: { ...process.env, DATABASE_URL: test.database.url, LPS_REDIS_PREFIX: test.runtime.config.redis.prefix },
    });
    for (const api of apis) {
      await waitFor(async () => (await fetch(`${api}/me`, { headers: { authorization: member.auth } })).status === 401, {
        timeoutMs: 5_000,
        what: `${api} to refuse the revoked key`,
      });
    }
  });
});
