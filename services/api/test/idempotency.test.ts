import { generateApiKey } from '@lps/crypto';
import { claimIdempotencyKey, insertApiKey } from '@lps/db';
import { createTestMember, type TestMember } from '@lps/testing';
import { startApiService, type ApiService } from '@lps/api';
import supertest from 'supertest';
import { ControllableTextProvider } from './support/controllable-text-provider.js';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let member: TestMember;
const provider = new ControllableTextProvider();
beforeAll(async () => {
  api = await startTestApi({}, { textProvider: provider });
  member = await createTestMember(api.runtime);
});
afterAll(async () => api.stop());

const createPost = (key: string | undefined, body: object = { idea: 'Idempotent ideas' }, auth = member.auth) => {
  const request = api.http.post('/posts').set('Authorization', auth);
  if (key !== undefined) request.set('Idempotency-Key', key);
  return request.send(body);
};

const postCount = () => api.runtime.db.post.count({ where: { memberId: member.memberId } });

describe('Idempotency-Key', () => {
  it('runs the request once and replays the first response with Idempotency-Replayed: true', async () => {
    const before = await postCount();
    const first = await createPost('key-replay');
    const second = await createPost('key-replay');
    expect(first.status).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await postCount()).toBe(before + 1);
  });

  it('replays the exact bytes and content type of the first response', async () => {
    const send = () =>
      api.fetch('/posts', {
        method: 'POST',
        headers: { Authorization: member.auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'key-exact-bytes' },
        body: JSON.stringify({ idea: 'Byte for byte' }),
      });
    const first = await send();
    const replay = await send();
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    // Key order matters to clients that hash or diff answers; jsonb would have reordered them.
    expect(replay.text).toBe(first.text);
    expect(Object.keys(JSON.parse(replay.text).post)).toEqual(Object.keys(JSON.parse(first.text).post));
    expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(replay.headers.get('content-length')).toBe(first.headers.get('content-length'));
  });

  it('replays the original response even when the body differs (spec rule 3)', async () => {
    const first = await createPost('key-different-body', { idea: 'first body' });
    const second = await createPost('key-different-body', { idea: 'another body' });
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body.post.id).toBe(first.body.post.id);
    expect(second.body.post.idea).toBe('first body');
  });

  it('accepts the key quoted, as the IETF draft sends it', async () => {
    const first = await createPost('"quoted-key"');
    const second = await createPost('quoted-key');
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body.post.id).toBe(first.body.post.id);
  });

  it('scopes keys per API key: another key with the same Idempotency-Key runs again', async () => {
    const key = generateApiKey();
    await insertApiKey(api.runtime.db, { memberId: member.memberId, keyHash: key.keyHash, last4: key.last4 });
    const first = await createPost('shared-key');
    const second = await createPost('shared-key', { idea: 'Idempotent ideas' }, `Bearer ${key.apiKey}`);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(second.body.post.id).not.toBe(first.body.post.id);
  });

  it('answers 409 conflict to a repeat while the first request is still running', async () => {
    const waiting = provider.hold();
    const first = createPost('key-in-flight');
    const firstDone = first.then((response) => response);
    await waiting;
    const second = await createPost('key-in-flight');
    provider.release();
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('conflict');
    // The claim is held for 60 s at most: the client is told to come back when it ends.
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(55);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await firstDone).status).toBe(201);
    const third = await createPost('key-in-flight');
    expect(third.headers['idempotency-replayed']).toBe('true');
  });

  it('a claim left by a replica that died says in Retry-After when it can be taken over', async () => {
    // What a replica killed 20 s into the request leaves: a claim with no response, locked 40 s more.
    await claimIdempotencyKey(api.runtime.db, { apiKeyId: member.keyId, endpoint: 'POST /api/v1/posts', key: 'key-of-a-dead-replica' }, 'hash', 86_400_000, 40_000);
    const answer = await createPost('key-of-a-dead-replica');
    expect(answer.status).toBe(409);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(35);
    expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(40);
  });

  it('does not store a 5xx: the retry runs again and can succeed', async () => {
    provider.failWithOutage(1);
    const failed = await createPost('key-after-outage');
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('service_unavailable');
    expect(failed.headers['retry-after']).toBe('17');
    const retried = await createPost('key-after-outage');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
  });

  it('does not store a validation failure', async () => {
    const invalid = await createPost('key-after-422', { idea: '' });
    expect(invalid.status).toBe(422);
    const valid = await createPost('key-after-422', { idea: 'now valid' });
    expect(valid.status).toBe(201);
  });

  it('answers 422 for a key longer than 255 characters', async () => {
    const response = await createPost('k'.repeat(256));
    expect(response.status).toBe(422);
    expect(response.body.error.details).toHaveProperty('Idempotency-Key');
  });

  it('holds across API replicas sharing the database', async () => {
    let replica: ApiService | undefined;
    try {
      replica = await startApiService(api.runtime, { port: 0, host: '127.0.0.1' });
      const first = await createPost('key-across-replicas');
      const second = await supertest(`http://127.0.0.1:${replica.port}/api/v1`)
        .post('/posts')
        .set('Authorization', member.auth)
        .set('Idempotency-Key', 'key-across-replicas')
        .send({ idea: 'Idempotent ideas' });
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect(second.body.post.id).toBe(first.body.post.id);
    } finally {
      await replica?.stop();
    }
  });
});
