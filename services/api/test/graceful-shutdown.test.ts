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
});
