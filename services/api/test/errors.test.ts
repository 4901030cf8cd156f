import { BuiltinTextProvider } from '@lps/ai';
import { createTestMember, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

class BrokenTextProvider extends BuiltinTextProvider {
  override async writePost(): Promise<{ body: string }> {
    throw new Error('connection to db-internal-7 refused, password hunter2');
  }
}

let api: TestApi;
let member: TestMember;
beforeAll(async () => {
  api = await startTestApi({}, { textProvider: new BrokenTextProvider() });
  member = await createTestMember(api.runtime);
});
afterAll(async () => api.stop());

describe('errors', () => {
  it('answers an unknown route with 404 not_found in the envelope', async () => {
    for (const response of [await api.http.get('/nope'), await api.http.post('/posts/x/y/z').set('Authorization', member.auth)]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });

  it('answers an unexpected failure with 500 internal_error and leaks nothing', async () => {
    const response = await api.http.post('/posts').set('Authorization', member.auth).set('X-Request-Id', 'req-test-500').send({ idea: 'boom' });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { code: 'internal_error', message: 'unexpected server error' } });
    expect(response.text).not.toMatch(/hunter2|db-internal|stack|at /);
    expect(response.headers['x-request-id']).toBe('req-test-500');
  });

  it('writes nothing when generation fails', async () => {
    await api.http.post('/posts').set('Authorization', member.auth).send({ idea: 'boom' });
    expect(await api.runtime.db.post.count({ where: { memberId: member.memberId } })).toBe(0);
  });

  it('makes up a request id when none (or a malformed one) is sent', async () => {
    const response = await api.http.get('/health').set('X-Request-Id', 'bad id with spaces');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
