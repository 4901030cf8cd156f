import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiPort,
  createTestMember,
  createTestPost,
  createTestRuntime,
  readBody,
  startLoopbackServer,
  startOtlpReceiver,
  startServiceProcess,
  waitFor,
  type LoopbackServer,
  type OtlpReceiver,
  type ReceivedSpan,
  type ServiceProcess,
  type TestRuntime,
} from '@lps/testing';
import { tracingRequested } from '@lps/telemetry';

// Traces across processes, as a collector receives them: the API, the publisher and the
// webhook dispatcher as separate processes, configured only by the standard OTEL_*
// variables, exporting to an OTLP/HTTP receiver on loopback (in the exporter's default
// encoding, binary protobuf). One publication must be one trace: the API's request span,
// BullMQ's add, the publisher's job span with that add as its parent, and on through the
// outbox to the webhook request, whose receiver gets the trace in `traceparent`.

let test: TestRuntime;
let collector: OtlpReceiver;
let receiver: LoopbackServer;
let baseUrl: string;
const processes: ServiceProcess[] = [];
const traceparents: string[] = [];

beforeAll(async () => {
  collector = await startOtlpReceiver();
  receiver = await startLoopbackServer(async (req, res) => {
    await readBody(req);
    traceparents.push(String(req.headers.traceparent ?? ''));
    res.writeHead(204).end();
  });
  test = await createTestRuntime({ LPS_ALLOW_PRIVATE_URLS: '1' });
  const env = {
    DATABASE_URL: test.database.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    LPS_ALLOW_PRIVATE_URLS: '1',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    // The batch processor's delay (default 5 s), shortened so the spans arrive within the test.
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  const api = startServiceProcess('services/api/dist/main.js', { ...env, PORT: '0' });
  processes.push(api, startServiceProcess('services/publisher/dist/main.js', env), startServiceProcess('services/webhook-dispatcher/dist/main.js', env));
  // Loading the SDK and its instrumentations takes a few seconds more on a busy machine.
  baseUrl = `http://127.0.0.1:${await apiPort(api, 80_000)}/api/v1`;
  await Promise.all(processes.slice(1).map((service) => service.waitForLine(/ started/, 80_000)));
}, 90_000);

afterAll(async () => {
  await Promise.all(processes.map((service) => service.stop()));
  await test?.cleanup();
  await collector?.close();
  await receiver?.close();
});

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** The span's ancestors, nearest first, within the spans received. */
function ancestors(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  let parent = spans.find((candidate) => candidate.spanId === span.parentSpanId);
  while (parent) {
    chain.push(parent);
    const current: ReceivedSpan = parent;
    parent = spans.find((candidate) => candidate.spanId === current.parentSpanId);
  }
  return chain;
}

describe('OpenTelemetry traces', () => {
  it('are off unless OTEL_* asks for them', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'x' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });

  it('are free when off: without OTEL_* the API loads no OpenTelemetry module at all; with it, the SDK', async () => {
    // A module hook of the test's own records every specifier the process resolves.
    const dir = mkdtempSync(join(tmpdir(), 'lps-resolved-'));
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  appendFileSync(process.env.LPS_TEST_RESOLVED_LOG, specifier + '\\n');
  return next(specifier, context);
}
`,
    );
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
    try {
      const resolved: Record<string, string> = {};
      for (const tracing of [false, true]) {
        const log = join(dir, `${tracing}.log`);
        const api = startServiceProcess(
          'services/api/dist/main.js',
          {
            DATABASE_URL: test.database.url,
            LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
            PORT: '0',
            LPS_TEST_RESOLVED_LOG: log,
            ...(tracing ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } : {}),
          },
          { nodeArgs: ['--import', join(dir, 'register.mjs')] },
        );
        await apiPort(api, 80_000);
        await api.stop();
        resolved[String(tracing)] = existsSync(log) ? readFileSync(log, 'utf8') : '';
      }
      // The hook saw the service's own modules load (it works), and nothing of OpenTelemetry when off.
      expect(resolved.false).toMatch(/@lps\/runtime/);
      expect(resolved.false).not.toMatch(/@opentelemetry\/|bullmq-otel/);
      expect(resolved.true).toMatch(/@opentelemetry\/sdk-node/);
      expect(resolved.true).toMatch(/bullmq-otel/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("join the API's request and the publisher's job in one trace, the job's span a child of the API's enqueue, and carry it to the webhook request", async () => {
    const member = await createTestMember(test.runtime);
    const endpoint = await fetch(`${baseUrl}/webhooks`, {
      method: 'POST',
      headers: { authorization: member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['post.published'] }),
    });
    expect(endpoint.status).toBe(201);
    const post = await createTestPost(test.runtime, member.memberId);
    const publish = await fetch(`${baseUrl}/posts/${post.id}/publish`, { method: 'POST', headers: { authorization: member.auth } });
    expect(publish.status).toBe(202);

    const spans = collector.spans;
    const request = await waitFor(
      () => spans.find((span) => span.service === 'lps-api' && span.kind === SERVER && String(span.attributes['http.route'] ?? span.name).includes('/publish')),
      { timeoutMs: 20_000, what: "the API's request span" },
    );
    const job = await waitFor(() => spans.find((span) => span.service === 'lps-publisher' && span.kind === CONSUMER && span.traceId === request.traceId), {
      timeoutMs: 20_000,
      what: "the publisher's job span in the request's trace",
    });
    // The job's parent is the API's add of the publish job, and that add sits under the request.
    const add = spans.find((span) => span.spanId === job.parentSpanId);
    expect(add).toMatchObject({ service: 'lps-api', kind: PRODUCER, traceId: request.traceId });
    expect(add?.name).toMatch(/publish/);
    expect(ancestors(add as ReceivedSpan, spans).map((span) => span.spanId)).toContain(request.spanId);

    // Inside the job: the publisher's database and Redis work (the sandbox network lives in Redis).
    await waitFor(
      () =>
        spans.some(
          (span) => (span.service === 'lps-publisher' && span.traceId === request.traceId && /^(pg|postgres)/i.test(span.name)) || span.attributes['db.system'] === 'postgresql',
        ),
      {
        timeoutMs: 10_000,
        what: "the publisher's PostgreSQL spans",
      },
    );
    // Through the outbox to the delivery: the dispatcher's job and its request to the receiver in the same trace.
    const delivery = await waitFor(
      () =>
        spans.find(
          (span) => span.service === 'lps-webhook-dispatcher' && span.kind === CLIENT && span.traceId === request.traceId && String(span.attributes['url.full']).endsWith('/hook'),
        ),
      { timeoutMs: 20_000, what: "the dispatcher's webhook request in the publication's trace" },
    );
    // The job's span ends after its request's, so it may reach the receiver in a later export batch.
    const deliveryJob = await waitFor(() => ancestors(delivery, spans).find((span) => span.service === 'lps-webhook-dispatcher' && span.kind === CONSUMER), {
      timeoutMs: 10_000,
      what: "the dispatcher's job span above its webhook request",
    });
    expect(deliveryJob.name).toMatch(/webhooks/);
    // The delivery job continues the trace its event was written in: its parent is a span of the publisher's job.
    expect(spans.find((span) => span.spanId === deliveryJob.parentSpanId)?.service).toBe('lps-publisher');
    await waitFor(() => traceparents.some((header) => header.split('-')[1] === request.traceId), { timeoutMs: 5_000, what: 'the trace in the receiver’s traceparent' });
    expect(collector.contentTypes[0]).toBe('application/x-protobuf');
  });
});
