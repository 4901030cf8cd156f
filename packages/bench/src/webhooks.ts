import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '@lps/config';
import { createMember } from '@lps/db';
import { createRuntime } from '@lps/runtime';
import { createBenchDatabase } from './posts/bench-database.js';
import { percentile } from './publish/concurrency.js';
import { bareGotLoop } from './webhooks/bare-loop.js';
import { writeOutboxBatch } from './webhooks/outbox-writer.js';
import { startBenchReceiver } from './webhooks/receiver.js';
import { startBenchService } from './bench-service.js';

// `npm run bench -- webhooks [--events 10000] [--endpoint-concurrency 8] [--batch 100]`
// 1. Baseline: N signed POSTs by a bare got loop to a local receiver, as many in flight as the
//    dispatcher may have per endpoint.
// 2. N events written to the outbox (transactions of --batch rows, announced after commit) and
//    delivered by the real dispatcher in its own process to the same receiver. Deliveries/s from
//    the first outbox write to the last receipt, the ratio to (1), and p50/p99 of outbox write →
//    receipt.
const { values } = parseArgs({
  options: { events: { type: 'string', default: '10000' }, 'endpoint-concurrency': { type: 'string', default: '8' }, batch: { type: 'string', default: '100' } },
});
const EVENTS = Number(values.events);
const PER_ENDPOINT = Number(values['endpoint-concurrency']);
const BATCH = Number(values.batch);
const say = (text: string) => process.stderr.write(`[bench] ${text}\n`);

const database = await createBenchDatabase();
const env = {
  DATABASE_URL: database.url,
  LPS_REDIS_PREFIX: `bench${randomBytes(4).toString('hex')}`,
  LPS_ALLOW_PRIVATE_URLS: '1',
  LPS_WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT),
  LOG_LEVEL: 'error',
};
// Whatever started is stopped, last first, also when the run fails part-way: no database or child outlives it.
const cleanups: Array<() => Promise<unknown>> = [async () => database.drop()];
try {
  const runtime = await createRuntime(loadConfig({ ...process.env, ...env }), { service: 'bench' });
  cleanups.push(() => runtime.close());
  const receiver = await startBenchReceiver();
  cleanups.push(() => receiver.close());
  const secret = `whsec_${randomBytes(32).toString('base64')}`;

  say(`baseline: ${EVENTS} signed POSTs with a bare got loop, ${PER_ENDPOINT} in flight`);
  const bare = await bareGotLoop(receiver.url, secret, EVENTS, PER_ENDPOINT);
  receiver.arrivals.clear();

  const member = await createMember(runtime.db, { displayName: 'Bench Member' }, 'sandbox');
  await runtime.db.webhookEndpoint.create({ data: { memberId: member.id, url: receiver.url, events: ['post.published'], secretEnc: runtime.keyring.encrypt(secret) } });
  const dispatcher = startBenchService('webhook-dispatcher', env);
  cleanups.push(() => dispatcher.stop());
  // Ready once its sweeper scheduler exists in Redis.
  while (!(await runtime.queues.events.getJobScheduler('sweep-outbox'))) await new Promise((resolve) => setTimeout(resolve, 100));

  say(`dispatcher: ${EVENTS} events through the outbox, in transactions of ${BATCH}`);
  const written = new Map<string, number>();
  const started = Date.now();
  for (let i = 0; i < EVENTS; i += BATCH) {
    const ids = await writeOutboxBatch(
      runtime.sql,
      member.id,
      Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, j) => `bench-${i + j}`),
    );
    const committed = Date.now();
    for (const id of ids) written.set(id, committed);
    await runtime.announceEvents(ids);
  }
  say(`written in ${((Date.now() - started) / 1000).toFixed(1)} s; waiting for the last delivery`);
  while (receiver.arrivals.size < EVENTS) await new Promise((resolve) => setTimeout(resolve, 50));
  const last = Math.max(...receiver.arrivals.values());
  const throughput = EVENTS / ((last - started) / 1000);
  const latencies = [...receiver.arrivals].map(([id, at]) => at - (written.get(id) as number)).sort((a, b) => a - b);

  console.log(`webhooks benchmark: ${EVENTS} events, ${PER_ENDPOINT} in flight per endpoint`);
  console.log(`  bare got loop:          ${bare.toFixed(0)} POSTs/s`);
  console.log(`  outbox → dispatcher:    ${throughput.toFixed(0)} deliveries/s (${receiver.requests() - 2 * EVENTS} requests beyond one per event)`);
  console.log(`  ratio:                  ${(throughput / bare).toFixed(2)} (goal ≥ 0.5)`);
  console.log(`  outbox write → receipt: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
