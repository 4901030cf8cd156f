import { createTestMember, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// Answers to GET go through Express (ETag, 304); other methods' answers are written
// directly (mount-routes.ts). Both must stay well-formed JSON with the same headers.
let api: TestApi;
let member: TestMember;
beforeAll(async () => {
  api = await startTestApi();
  member = await createTestMember(api.runtime);
});
afterAll(async () => api.stop());

describe('JSON answers', () => {
  it('POST and PATCH answers are UTF-8 JSON with their exact length and no ETag', async () => {
    const created = await api.http.post('/posts').set('Authorization', member.auth).send({ idea: 'Answers in JSON' });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(created.headers['content-length'])).toBe(Buffer.byteLength(created.text));
    expect(created.headers.etag).toBeUndefined();
    const text = 'Ünïcode — a post with “quotes” and emoji 🚀';
    const patched = await api.http.patch(`/posts/${created.body.post.id}`).set('Authorization', member.auth).send({ body: text });
    expect(patched.status).toBe(200);
    expect(Number(patched.headers['content-length'])).toBe(Buffer.byteLength(patched.text));
    expect(Buffer.byteLength(patched.text)).toBeGreaterThan(patched.text.length);
    expect(patched.body.post.body).toBe(text);
  });

  it('a GET answer carries an ETag, and a conditional GET with it answers 304', async () => {
    const created = await api.http.post('/posts').set('Authorization', member.auth).send({ idea: 'Cache me' });
    const first = await api.http.get(`/posts/${created.body.post.id}`).set('Authorization', member.auth);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await api.http.get(`/posts/${created.body.post.id}`).set('Authorization', member.auth).set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });
});
