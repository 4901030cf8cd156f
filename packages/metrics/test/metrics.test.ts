import { createMetrics, QUEUE_STATES } from '@lps/metrics';

describe('createMetrics', () => {
  it('labels every series with the service and exports queue depths read at scrape time', async () => {
    const metrics = createMetrics('publisher');
    let depth = 3;
    metrics.watchQueues({ publish: { getJobCounts: async () => ({ waiting: depth, active: 1 }) } });
    const first = await metrics.registry.metrics();
    expect(first).toContain('lps_queue_jobs{queue="publish",state="waiting",service="publisher"} 3');
    expect(first).toContain('lps_queue_jobs{queue="publish",state="active",service="publisher"} 1');
    for (const state of QUEUE_STATES) expect(first).toContain(`state="${state}"`);
    depth = 7;
    expect(await metrics.registry.metrics()).toContain('lps_queue_jobs{queue="publish",state="waiting",service="publisher"} 7');
  });

  it('a queue that cannot be read (Redis down) leaves the scrape answering with the last depths', async () => {
    const metrics = createMetrics('api');
    let up = true;
    metrics.watchQueues({ events: { getJobCounts: async () => (up ? { waiting: 2 } : Promise.reject(new Error('Connection is closed'))) } });
    await metrics.registry.metrics();
    up = false;
    expect(await metrics.registry.metrics()).toContain('lps_queue_jobs{queue="events",state="waiting",service="api"} 2');
  });

  it('counts outcomes under bounded label values', async () => {
    const metrics = createMetrics('api');
    metrics.publishOutcomes.inc({ outcome: 'published' });
    metrics.httpRequestDuration.observe({ method: 'GET', route: '/api/v1/posts/:id', status: '200' }, 0.004);
    const text = await metrics.registry.metrics();
    expect(text).toContain('lps_publish_total{outcome="published",service="api"} 1');
    expect(text).toContain('lps_http_request_duration_seconds_bucket{le="0.005",service="api",method="GET",route="/api/v1/posts/:id",status="200"} 1');
  });
});
