import { createLogger } from '@lps/logger';
import { enqueue, enqueueMany, jobCatalog, startWorker, type JobPayload } from '@lps/queue';
import { createTestRuntime, waitFor, type TestRuntime } from '@lps/testing';

let test: TestRuntime;
beforeAll(async () => {
  test = await createTestRuntime();
});
afterAll(async () => test.cleanup());

describe('job catalog and worker runner', () => {
  it('refuses to enqueue a payload that does not match the catalog', async () => {
    await expect(enqueue(test.runtime.queues, 'research-keyword', { researchRequestId: 'nope' })).rejects.toThrow(/invalid payload/);
  });

  it('uses the deterministic job id, so a second enqueue of the same work joins the first', async () => {
    const id = '3f0c6a52-2f4e-4a8b-9d44-1f6f7f7c0a11';
    const first = await enqueue(test.runtime.queues, 'research-keyword', { researchRequestId: id });
    const second = await enqueue(test.runtime.queues, 'research-keyword', { researchRequestId: id });
    expect(first.id).toBe(`research-${id}`);
    expect(second.id).toBe(first.id);
    expect(await test.runtime.queues.research.getJobCountByTypes('waiting', 'prioritized', 'delayed')).toBe(1);
    await test.runtime.queues.research.obliterate({ force: true });
  });

  it('enqueues many jobs with the same checks and ids: a bad payload adds none, a repeat joins the first', async () => {
    const ids = ['5b7f1e0a-1c2d-4e3f-8a9b-0c1d2e3f4a5b', '6c8a2f1b-2d3e-4f5a-9b0c-1d2e3f4a5b6c'];
    await expect(enqueueMany(test.runtime.queues, 'research-keyword', [{ researchRequestId: ids[0]! }, { researchRequestId: 'nope' }])).rejects.toThrow(/invalid payload/);
    expect(await test.runtime.queues.research.getJobCountByTypes('waiting', 'prioritized', 'delayed')).toBe(0);
    await enqueueMany(
      test.runtime.queues,
      'research-keyword',
      ids.map((id) => ({ researchRequestId: id })),
    );
    await enqueueMany(
      test.runtime.queues,
      'research-keyword',
      ids.map((id) => ({ researchRequestId: id })),
    );
    expect(await test.runtime.queues.research.getJobCountByTypes('waiting', 'prioritized', 'delayed')).toBe(2);
    expect((await test.runtime.queues.research.getJob(`research-${ids[1]}`))?.opts.attempts).toBe(jobCatalog['research-keyword'].options.attempts);
    await test.runtime.queues.research.obliterate({ force: true });
  });

  it('carries the request id to the job’s logger, hands the handler only the payload, and records metrics', async () => {
    const seen: Array<JobPayload<'research-keyword'>> = [];
    // What the worker's loggers write: a job's logger is a child, whose lines reach its parent's write.
    const logger = createLogger({ service: 'test', level: 'info' });
    const lines: Array<Record<string, unknown>> = [];
    logger.write = (line: Record<string, unknown>) => lines.push(line) > 0;
    const worker = startWorker({
      queue: 'research',
      connection: await test.runtime.workerConnection(),
      prefix: test.runtime.config.redis.prefix,
      logger,
      metrics: test.runtime.metrics,
      handlers: {
        'research-keyword': async (payload, _job, log) => {
          seen.push(payload);
          log.info('handled');
        },
        'fetch-link-preview': async () => undefined,
      },
    });
    try {
      const id = '8d2b8f0e-6a0c-4d8e-a2f1-3c1c0e9a7b22';
      await enqueue(test.runtime.queues, 'research-keyword', { researchRequestId: id }, { requestId: 'req-abc-123' });
      await waitFor(() => lines.length === 1, { what: 'the job to run and log' });
      expect(seen).toEqual([{ researchRequestId: id }]);
      expect(lines[0]).toMatchObject({ message: 'handled', request_id: 'req-abc-123', job_id: `research-${id}`, queue: 'research' });
      const metrics = await test.runtime.metrics.registry.metrics();
      await waitFor(
        async () => /lps_jobs_total\{[^}]*queue="research"[^}]*job="research-keyword"[^}]*outcome="completed"[^}]*\} 1/.test(await test.runtime.metrics.registry.metrics()),
        {
          what: 'the completed job metric',
        },
      );
      expect(metrics).toMatch(/lps_queue_jobs\{[^}]*queue="research"/);
    } finally {
      await worker.close();
    }
  });
});
