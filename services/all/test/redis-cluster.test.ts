import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  apiPort,
  createTestMember,
  createTestPost,
  createTestRuntime,
  readBody,
  repoRoot,
  startLoopbackServer,
  startLocalRedisCluster,
  startServiceProcess,
  waitFor,
  type LocalRedisCluster,
  type LoopbackServer,
  type ServiceProcess,
  type TestMember,
  type TestRuntime,
} from '@lps/testing';
import { verifyDelivery } from '@lps/webhooks';
import { DocumentValidator } from '../../api/test/support/openapi-validator.js';

// The whole service on a real Redis Cluster of the test's own (three masters, a replica
// each), as ops run it against ElastiCache or Memorystore in cluster mode: the API, the
// publisher and the webhook dispatcher as separate processes, every one connected with
// REDIS_CLUSTER=1 to the seed nodes. The master that holds the queues' slot is failed
// over to its replica in the middle of a burst of publications.

let cluster: LocalRedisCluster;
let test: TestRuntime;
let receiver: LoopbackServer;
let validator: DocumentValidator;
let baseUrl: string;
let ada: TestMember;
let secret: string;
const processes: ServiceProcess[] = [];
/** Every request the receiver got: the delivery id and the post the event is about. */
const received: Array<{ deliveryId: string; eventId: string; postId: string }> = [];

const clusterEnv = () => ({ REDIS_URL: cluster.url, REDIS_CLUSTER: '1' });

beforeAll(async () => {
  cluster = await startLocalRedisCluster({ masters: 3, replicas: 1 });
  test = await createTestRuntime({ ...clusterEnv(), LPS_ALLOW_PRIVATE_URLS: '1' });
  receiver = await startLoopbackServer(async (req, res) => {
    const raw = await readBody(req);
    const { deliveryId, payload } = verifyDelivery(secret, raw, req.headers);
    const event = payload as { id: string; data: { post: { id: string } } };
    received.push({ deliveryId, eventId: event.id, postId: event.data.post.id });
    res.writeHead(204).end();
  });
  const env = {
    ...clusterEnv(),
    DATABASE_URL: test.database.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    LPS_ALLOW_PRIVATE_URLS: '1',
    // Only the revocation message can explain a revoked key refused within this time.
    LPS_AUTH_CACHE_TTL: '30s',
    LPS_RATE_LIMIT_GENERATION: '3/60',
    LPS_SCHEDULE_SWEEP_INTERVAL: '1s',
    LPS_WEBHOOK_SWEEP_INTERVAL: '1s',
  };
  const api = startServiceProcess('services/api/dist/main.js', { ...env, PORT: '0' });
  processes.push(api, startServiceProcess('services/publisher/dist/main.js', env), startServiceProcess('services/webhook-dispatcher/dist/main.js', env));
  baseUrl = `http://127.0.0.1:${await apiPort(api)}/api/v1`;
  await Promise.all(processes.slice(1).map((service) => service.waitForLine(/started/)));
  validator = await DocumentValidator.load(baseUrl);
  ada = await createTestMember(test.runtime, { displayName: 'Ada' });
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((service) => service.stop()));
  await test?.cleanup();
  await receiver?.close();
  await cluster?.stop();
});

/** One API call, its answer checked against the served OpenAPI document. */
async function call(method: string, path: string, options: { body?: unknown; key?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${options.key ?? ada.apiKey}`, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expect(validator.problems({ method, path, status: response.status, contentType: response.headers.get('content-type') ?? undefined, text })).toEqual([]);
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

describe('lps on a Redis Cluster', () => {
  it('publishes and schedules through a failover of the queues’ master: every post once on the network, every event delivered once', async () => {
    const endpoint = await call('POST', '/webhooks', { body: { url: receiver.url, events: ['post.published'] } });
    expect(endpoint.status).toBe(201);
    secret = endpoint.json.secret;

    const posts = await Promise.all(Array.from({ length: 60 }, (_, i) => createTestPost(test.runtime, ada.memberId, { body: `cluster post ${i}` })));
    const ids = posts.map((post) => post.id);
    const [now, later] = [ids.slice(0, 40), ids.slice(40)];
    // Scheduled a few seconds ahead: their delayed jobs sit in the queues' slot while it moves.
    const at = new Date(Date.now() + 4_000).toISOString();
    for (const id of later) expect((await call('POST', `/posts/${id}/schedule`, { body: { scheduled_at: at } })).status).toBe(200);

    const queueSlotMaster = await cluster.masterOf(`{${test.runtime.config.redis.prefix}}`);
    let failover: Promise<{ from: number; to: number }> | undefined;
    for (const [i, id] of now.entries()) {
      if (i === 15) failover = cluster.failover(`{${test.runtime.config.redis.prefix}}`);
      // A publication asked for during the failover is 202 (placed now) or 503 (the sweeper places it
      // from the row): either way it is recorded, and retrying with the same key is safe.
      const answer = await call('POST', `/posts/${id}/publish`, { headers: { 'idempotency-key': `publish-${id}` } });
      expect([202, 503]).toContain(answer.status);
      if (answer.status === 503) expect((await call('POST', `/posts/${id}/publish`, { headers: { 'idempotency-key': `publish-${id}` } })).status).toBe(202);
    }
    const moved = await failover;
    expect(moved?.from).toBe(queueSlotMaster);

    await waitFor(async () => (await test.runtime.db.post.count({ where: { id: { in: ids }, status: 'published' } })) === ids.length, {
      timeoutMs: 60_000,
      what: '60 posts published',
    });
    // Nothing doubled on the network: the sandbox holds exactly one publication per post.
    const onNetwork = (await test.runtime.redis.hvals(`{${test.runtime.config.redis.prefix}:sandbox}:posts`)).map((stored) => JSON.parse(stored).reference as string);
    expect(onNetwork.sort()).toEqual(ids.map((id) => `lps-${id}`).sort());

    // Nothing lost or doubled at the receiver: one delivery per post, each delivery id once.
    await waitFor(() => new Set(received.map((entry) => entry.postId)).size === ids.length, { timeoutMs: 60_000, what: '60 post.published deliveries' });
    expect(received.map((entry) => entry.postId).sort()).toEqual([...ids].sort());
    expect(new Set(received.map((entry) => entry.deliveryId)).size).toBe(received.length);

    // A replayed Idempotency-Key is answered from the record, with nothing enqueued again.
    const replay = await call('POST', `/posts/${now[0]}/publish`, { headers: { 'idempotency-key': `publish-${now[0]}` } });
    expect([replay.status, replay.headers.get('idempotency-replayed')]).toEqual([202, 'true']);
  });

  it('survives a SIGKILL of the queues’ master mid-burst: its replica takes over, every post is published once and delivered', async () => {
    const posts = await Promise.all(Array.from({ length: 30 }, (_, i) => createTestPost(test.runtime, ada.memberId, { body: `crash post ${i}` })));
    const ids = posts.map((post) => post.id);
    let killed: Promise<{ from: number; to: number }> | undefined;
    const answers: number[] = [];
    for (const [i, id] of ids.entries()) {
      if (i === 10) killed = cluster.killMaster(`{${test.runtime.config.redis.prefix}}`);
      // While the slot has no master the API answers 503 or, the request recorded in PostgreSQL, 202;
      // the client retries a 503 with the same Idempotency-Key until it is accepted.
      const status = await waitFor(
        async () => {
          const answer = await call('POST', `/posts/${id}/publish`, { headers: { 'idempotency-key': `crash-${id}` } });
          answers.push(answer.status);
          return answer.status === 202 ? answer.status : undefined;
        },
        { timeoutMs: 40_000, intervalMs: 250, what: `publication ${i} accepted` },
      );
      expect(status).toBe(202);
    }
    const moved = await killed;
    await waitFor(async () => (await test.runtime.db.post.count({ where: { id: { in: ids }, status: 'published' } })) === ids.length, {
      timeoutMs: 60_000,
      what: '30 posts published after the crash',
    });
    const onNetwork = (await test.runtime.redis.hvals(`{${test.runtime.config.redis.prefix}:sandbox}:posts`)).map((stored) => JSON.parse(stored).reference as string);
    const published = onNetwork.filter((reference) => ids.includes(reference.slice(4)));
    expect(published.sort()).toEqual(ids.map((id) => `lps-${id}`).sort());
    await waitFor(() => ids.every((id) => received.some((entry) => entry.postId === id)), { timeoutMs: 60_000, what: 'a delivery for each of the 30 posts' });
    const deliveries = received.filter((entry) => ids.includes(entry.postId));
    const twice = deliveries.length - new Set(deliveries.map((entry) => entry.deliveryId)).size;
    console.log(
      `SIGKILL of master ${moved?.from} (replica ${moved?.to} took over): ${answers.filter((s) => s === 503).length} answers 503 then retried, ` +
        `${published.length}/30 published once on the network, ${new Set(deliveries.map((entry) => entry.postId)).size}/30 delivered, ${twice} deliveries received twice`,
    );
    // At least once, never lost: a delivery may arrive twice (same delivery id) only if the crash lost its completion.
    expect(new Set(deliveries.map((entry) => entry.eventId)).size).toBe(ids.length);
    // A delivery job that met the dead master before it could send was retried by BullMQ within
    // seconds, not left for the sweeper to find overdue half a minute later.
    const dispatcher = processes[2]!;
    expect(dispatcher.lines.filter((line) => line.message === 'job deliver-webhook failed for good')).toEqual([]);
    // Up to 90 s: a delivery job the dead master had not yet replicated is gone, and the dispatcher's
    // sweeper puts it back once its row is 30 s overdue (OVERDUE_MS), by design not sooner.
  }, 90_000);

  it('counts rate limits in the cluster: the fourth generation request of a 3/60 window is 429', async () => {
    const bob = await createTestMember(test.runtime, { displayName: 'Bob' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call('POST', '/posts', { key: bob.apiKey, body: { idea: `Rate limits on a cluster, take ${i}` } })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('lps key revoke announces over the cluster: the API refuses the key at once although it caches keys for 30 s', async () => {
    const carol = await createTestMember(test.runtime, { displayName: 'Carol' });
    expect((await call('GET', '/me', { key: carol.apiKey })).status).toBe(200);
    await promisify(execFile)(process.execPath, [resolve(repoRoot, 'packages/cli/dist/main.js'), 'key', 'revoke', carol.keyId], {
      env: { ...process.env, ...clusterEnv(), DATABASE_URL: test.database.url, LPS_REDIS_PREFIX: test.runtime.config.redis.prefix },
    });
    await waitFor(async () => (await call('GET', '/me', { key: carol.apiKey })).status === 401, { timeoutMs: 5_000, what: 'the revoked key refused' });
  });
});
