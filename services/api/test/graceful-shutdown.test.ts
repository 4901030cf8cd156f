import { jest } from '@jest/globals';
import { createTestMember, createTestRuntime, type TestRuntime } from '@lps/testing';
import { startApiService, createOutsideClients } from '@lps/api';
import { ControllableTextProvider } from './support/controllable-text-provider.js';

let test: TestRuntime;
beforeAll(async () => {
  test = await createTestRuntime();
});
afterAll(async () => test.cleanup());

describe('graceful shutdown of the API', () => {
  it('finishes a request in flight, then stops accepting connections', async () => {
    const provider = new ControllableTextProvider();
    const api = await startApiService(test.runtime, {
      port: 0,
      host: '127.0.0.1',
      clients: { ...createOutsideClients(test.runtime), textProvider: provider },
    });
    const member = await createTestMember(test.runtime);
    const base = `http://127.0.0.1:${api.port}/api/v1`;

    const entered = provider.hold();
    const inFlight = fetch(`${base}/posts`, {
      method: 'POST',
      headers: { authorization: member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ idea: 'Shut down gracefully' }),
    });
    await entered;
    let stopped = false;
    const stopping = api.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    provider.release();
    const response = await inFlight;
    expect(response.status).toBe(201);
    await stopping;
    await expect(fetch(`${base}/health`)).rejects.toThrow();
    expect(await test.runtime.db.post.count({ where: { memberId: member.memberId } })).toBe(1);
  });

  it("cuts a response still in flight once LPS_SHUTDOWN_TIMEOUT less the workers' 2 s has passed, and says so", async () => {
    // A client that never reads, or a request that never ends, must not hold the stop until the
    // process is killed: the workers stopping after the API need their turn.
    const short = await createTestRuntime({ LPS_SHUTDOWN_TIMEOUT: '3s' });
    try {
      const provider = new ControllableTextProvider();
      const api = await startApiService(short.runtime, { port: 0, host: '127.0.0.1', clients: { ...createOutsideClients(short.runtime), textProvider: provider } });
      const member = await createTestMember(short.runtime);
      const warnings = jest.spyOn(short.runtime.logger, 'warn');
      const entered = provider.hold();
      const inFlight = fetch(`http://127.0.0.1:${api.port}/api/v1/posts`, {
        method: 'POST',
        headers: { authorization: member.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ idea: 'Never answered' }),
      }).then(
        (response) => `answered ${response.status}`,
        () => 'connection closed',
      );
      await entered;
      const started = Date.now();
      await api.stop();
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(await inFlight).toBe('connection closed');
      expect(warnings.mock.calls.map(([message]) => message)).toContainEqual(expect.stringMatching(/closing 1 connection\(s\) still answering 1s into the shutdown/));
      provider.release();
    } finally {
      await short.cleanup();
    }
  });
});
