import { appendOutboxEvent, inTransaction, insertEndpoint } from '@lps/db';
import { placePublishJob } from '@lps/queue';
import {
  createTestMember,
  createTestPost,
  createTestRuntime,
  readBody,
  startLoopbackServer,
  startLocalRedis,
  startServiceProcess,
  waitFor,
  type LoopbackServer,
  type LoneLocalRedis,
  type ServiceProcess,
  type TestRuntime,
} from '@lps/testing';

/**
 * Redis dies and comes back empty under running dispatchers and publishers, as
 * in a split deployment: the job schedulers (the sweepers) are gone with every
 * delayed job. Without a restart of any process, each due delivery and
 * publication must still happen — the schedulers come back by themselves.
 * The Redis here is the test's own (the shared one is never flushed).
 */
const EVENTS = 30;
const POSTS = 10;
const ENV = {
  // Five retries 3 s apart: every delivery is still pending when Redis dies, however slowly the first attempts go.
  LPS_WEBHOOK_RETRY_SCHEDULE: '3s,3s,3s,3s,3s',
  LPS_WEBHOOK_SWEEP_INTERVAL: '1s',
  LPS_SCHEDULE_SWEEP_INTERVAL: '1s',
  LPS_ALLOW_PRIVATE_URLS: '1',
};

let redis: LoneLocalRedis;
let test: TestRuntime;
let receiver: LoopbackServer;
/** delivery id → statuses answered, in order */
const answered = new Map<string, number[]>();
/** The receiver answers 500 until Redis is back: each delivery is waiting for a retry in Redis when it dies. */
let healed = false;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  redis = await startLocalRedis();
  test = await createTestRuntime({ REDIS_URL: redis.url, ...ENV });
  receiver = await startLoopbackServer(async (req, res) => {
    await readBody(req);
    const id = String(req.headers['x-lps-delivery-id']);
    const statuses = answered.get(id) ?? [];
    const status = healed ? 200 : 500;
    answered.set(id, [...statuses, status]);
    res.statusCode = status;
    res.end();
  });
});
afterAll(async () => {
  await Promise.all(processes.map((service) => service.kill('SIGKILL')));
  await receiver?.close();
  await test?.cleanup();
  await redis?.stop();
});

const spawn = (service: 'webhook-dispatcher' | 'publisher') =>
  startServiceProcess(`services/${service}/dist/main.js`, {
    DATABASE_URL: test.database.url,
    REDIS_URL: redis.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    ...ENV,
  });

it('after Redis is killed and comes back empty, every due delivery and publication still happens, with no process restarted', async () => {
  const member = await createTestMember(test.runtime);
  await insertEndpoint(test.runtime.db, {
    memberId: member.memberId,
    url: `${receiver.url}/hook`,
    events: ['post.published'],
    secretEnc: test.runtime.keyring.encrypt(`whsec_${Buffer.alloc(32, 3).toString('base64')}`),
  });
  for (let i = 0; i < 2; i += 1) processes.push(spawn('webhook-dispatcher'), spawn('publisher'));
  await Promise.all(processes.map((service) => service.waitForLine(/worker started/)));

  const events = await inTransaction(test.runtime.db, async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i += 1) ids.push((await appendOutboxEvent(tx, { memberId: member.memberId, type: 'post.published', data: { post: { id: `p${i}` } } })).id);
    return ids;
  });
  await test.runtime.announceEvents(events);
  await waitFor(async () => (await test.runtime.db.webhookDelivery.count({ where: { status: 'pending', attempts: { gte: 1 } } })) === EVENTS, {
    what: 'every delivery failed at least once and waits for its retry',
    timeoutMs: 30_000,
  }).catch(async (error: Error) => {
    const rows = await test.runtime.db.webhookDelivery.groupBy({ by: ['status', 'attempts'], _count: true });
    throw new Error(`${error.message}: ${JSON.stringify(rows)}; receiver saw ${answered.size}; ${processes.map((p) => p.output().slice(-1500)).join('\n---\n')}`);
  });

  // Scheduled as the API schedules: the row, and a delayed job for its time.
  const at = new Date(Date.now() + 4_000);
  const posts = await Promise.all(
    Array.from({ length: POSTS }, (_, i) => createTestPost(test.runtime, member.memberId, { body: `due after the loss ${i}`, status: 'scheduled', scheduledAt: at })),
  );
  for (const post of posts) await placePublishJob(test.runtime.queues, post.id, at, { move: true, retry: test.runtime.config.network.publish });

  await redis.kill();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await redis.start();
  healed = true;
  const restarted = Date.now();

  const ids = posts.map((post) => post.id);
  // Each publication announces post.published to the endpoint too: one more delivery per post.
  const deliveries = EVENTS + POSTS;
  const progress = async () => ({
    delivered: await test.runtime.db.webhookDelivery.count({ where: { status: 'success' } }),
    published: await test.runtime.db.post.count({ where: { id: { in: ids }, status: 'published' } }),
  });
  await waitFor(
    async () => {
      const { delivered, published } = await progress();
      return delivered === deliveries && published === POSTS;
    },
    { what: `${deliveries} deliveries and ${POSTS} publications after the loss`, timeoutMs: 90_000, intervalMs: 250 },
  ).catch(async (error: Error) => {
    const { delivered, published } = await progress();
    throw new Error(`${error.message}: ${delivered} of ${deliveries} delivered, ${published} of ${POSTS} published`);
  });
  console.log(
    `Redis lost: ${EVENTS} retries and ${POSTS} publications due, all ${deliveries} deliveries and ${POSTS} publications done ${((Date.now() - restarted) / 1000).toFixed(1)} s after Redis came back, no process restarted`,
  );
  for (const service of processes) expect(service.child.exitCode).toBeNull();
  expect([...answered.values()].every((statuses) => statuses.at(-1) === 200)).toBe(true);
}, 150_000);
