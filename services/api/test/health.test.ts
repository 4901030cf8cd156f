import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.stop());

describe('GET /health', () => {
  it('answers 200 with a status and version, without a key and without rate-limit headers', async () => {
    const response = await api.http.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', version: expect.any(String) });
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });
});
