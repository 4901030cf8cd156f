import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  apiPort,
  createTestMember,
  createTestPost,
  createTestRuntime,
  readBody,
  repoRoot,
  startLoopbackServer,
  startServiceProcess,
  waitFor,
  type LoopbackServer,
  type ServiceProcess,
  type TestRuntime,
} from '@lps/testing';

// The Grafana dashboard and the Prometheus alert rules shipped in the kustomize overlay
// may only use metrics and labels that lps really exports. The API, the publisher and
// the dispatcher run as real processes, a little real work goes through them (a
// publication, a scheduled one, a webhook delivery, a 429), and their /metrics are
// scraped on the health port, as Prometheus would.

const monitoring = join(repoRoot, 'deploy/k8s/overlays/production/monitoring');
const dashboard = JSON.parse(readFileSync(join(monitoring, 'lps-dashboard.json'), 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
const rules = parse(readFileSync(join(monitoring, 'prometheus-rules.yaml'), 'utf8')) as {
  apiVersion: string;
  kind: string;
  spec: { groups: Array<{ name: string; rules: Array<{ alert: string; expr: string; for?: string; labels: Record<string, string>; annotations: Record<string, string> }> }> };
};
const expressions = [
  ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ where: `panel "${panel.title}"`, expr: target.expr }))),
  ...rules.spec.groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }))),
];

/** Metric name → the label names its samples carry (and its type), from a Prometheus text exposition. */
type Exported = Map<string, { type: string; labels: Set<string> }>;
function readExposition(text: string, into: Exported): void {
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) {
      if (!into.has(type[1] as string)) into.set(type[1] as string, { type: type[2] as string, labels: new Set() });
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})?\s/.exec(line);
    if (!sample) continue;
    const name = (sample[1] as string).replace(/_(bucket|sum|count)$/, (suffix, _part, _i, whole) =>
      into.get(whole.slice(0, -suffix.length))?.type === 'histogram' ? '' : suffix,
    );
    const labels = [...(sample[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)].map((match) => match[1] as string);
    for (const label of labels) into.get(name)?.labels.add(label);
  }
}

/** The lps metrics an expression reads, each with the labels it filters on, and the labels it groups by. */
function uses(expr: string): { metrics: Map<string, Set<string>>; groupedBy: string[] } {
  const metrics = new Map<string, Set<string>>();
  for (const match of expr.matchAll(/\b(lps_[a-z0-9_]+)(\{([^}]*)\})?/g)) {
    const labels = metrics.get(match[1] as string) ?? new Set<string>();
    for (const label of (match[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)/g)) labels.add(label[1] as string);
    metrics.set(match[1] as string, labels);
  }
  const groupedBy = [...expr.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((match) =>
    (match[1] as string)
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  );
  return { metrics, groupedBy };
}

let test: TestRuntime;
let receiver: LoopbackServer;
const processes: ServiceProcess[] = [];
const exported: Exported = new Map();

beforeAll(async () => {
  test = await createTestRuntime({ LPS_ALLOW_PRIVATE_URLS: '1' });
  receiver = await startLoopbackServer(async (req, res) => {
    await readBody(req);
    res.writeHead(204).end();
  });
  const env = {
    DATABASE_URL: test.database.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    LPS_ALLOW_PRIVATE_URLS: '1',
    LPS_RATE_LIMIT_GENERATION: '1/60',
    LPS_SCHEDULE_SWEEP_INTERVAL: '1s',
  };
  const api = startServiceProcess('services/api/dist/main.js', { ...env, PORT: '0' });
  processes.push(api, startServiceProcess('services/publisher/dist/main.js', env), startServiceProcess('services/webhook-dispatcher/dist/main.js', env));
  const baseUrl = `http://127.0.0.1:${await apiPort(api)}/api/v1`;
  await Promise.all(processes.slice(1).map((service) => service.waitForLine(/ started/)));

  // Real work, so that the labelled series exist.
  const member = await createTestMember(test.runtime);
  const headers = { authorization: member.auth, 'content-type': 'application/json' };
  expect((await fetch(`${baseUrl}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['post.published'] }) })).status).toBe(201);
  const now = await createTestPost(test.runtime, member.memberId);
  const later = await createTestPost(test.runtime, member.memberId);
  expect((await fetch(`${baseUrl}/posts/${now.id}/publish`, { method: 'POST', headers })).status).toBe(202);
  const at = new Date(Date.now() + 1_500).toISOString();
  expect((await fetch(`${baseUrl}/posts/${later.id}/schedule`, { method: 'POST', headers, body: JSON.stringify({ scheduled_at: at }) })).status).toBe(200);
  const generate = () => fetch(`${baseUrl}/posts`, { method: 'POST', headers, body: JSON.stringify({ idea: 'Metrics that alerts can trust' }) });
  expect([(await generate()).status, (await generate()).status]).toEqual([201, 429]);
  await waitFor(async () => (await test.runtime.db.post.count({ where: { status: 'published' } })) === 2, { timeoutMs: 30_000, what: 'both posts published' });
  await waitFor(async () => (await test.runtime.db.webhookDelivery.count({ where: { status: 'success' } })) === 2, { timeoutMs: 30_000, what: 'both deliveries made' });

  for (const service of processes) {
    const line = await service.waitForLine(/health port \d+/);
    const port = Number(/health port (\d+)/.exec(String(line.message))?.[1]);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    readExposition(await response.text(), exported);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((service) => service.stop()));
  await test?.cleanup();
  await receiver?.close();
});

describe('the dashboard and the alert rules', () => {
  it('cover queue backlog and age, schedule lateness, publish failures, webhook backlog and pauses, dependencies and expiring connections', () => {
    const all = expressions.map(({ expr }) => expr).join('\n');
    for (const metric of [
      'lps_queue_jobs',
      'lps_queue_oldest_waiting_seconds',
      'lps_schedule_lateness_seconds_bucket',
      'lps_publish_total',
      'lps_webhook_endpoint_pauses_total',
      'lps_dependency_up',
      'lps_network_connections_expiring',
    ]) {
      expect(all).toContain(metric);
    }
    expect(rules).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule' });
    for (const rule of rules.spec.groups.flatMap((group) => group.rules)) {
      expect([rule.alert, rule.labels.severity, Boolean(rule.annotations.summary)]).toEqual([rule.alert, expect.stringMatching(/^(critical|warning|info)$/), true]);
    }
    const kustomization = readFileSync(join(repoRoot, 'deploy/k8s/overlays/production/kustomization.yaml'), 'utf8');
    expect(kustomization).toContain('monitoring/prometheus-rules.yaml');
    expect(kustomization).toContain('monitoring/lps-dashboard.json');
  });

  it.each(expressions)('$where reads only metrics and labels the processes export: $expr', ({ expr }) => {
    const { metrics, groupedBy } = uses(expr);
    expect(metrics.size).toBeGreaterThan(0);
    for (const [used, labels] of metrics) {
      const histogram = /_(bucket|sum|count)$/.test(used) && exported.get(used.replace(/_(bucket|sum|count)$/, ''))?.type === 'histogram';
      const name = histogram ? used.replace(/_(bucket|sum|count)$/, '') : used;
      const found = exported.get(name);
      expect([used, found ? 'exported' : 'not exported']).toEqual([used, 'exported']);
      const available = new Set([...(found?.labels ?? []), ...(histogram && used.endsWith('_bucket') ? ['le'] : [])]);
      for (const label of [...labels, ...groupedBy]) expect([used, label, available.has(label)]).toEqual([used, label, true]);
    }
  });
});
