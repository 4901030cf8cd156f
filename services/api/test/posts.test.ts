import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi();
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(api.runtime, { displayName: 'Bob' });
});
afterAll(async () => api.stop());

describe('POST /posts', () => {
  it('writes the body synchronously and answers 201 with a draft_saved post', async () => {
    const response = await api.http.post('/posts').set('Authorization', ada.auth).send({ idea: 'Why we moved our team to trunk-based development' });
    expect(response.status).toBe(201);
    const { post } = response.body;
    expect(post).toMatchObject({
      status: 'draft_saved',
      idea: 'Why we moved our team to trunk-based development',
      format: 'text',
      auto_generated: true,
      image_url: null,
      published_at: null,
    });
    expect(post.body.length).toBeGreaterThan(50);
    expect(post.body.length).toBeLessThanOrEqual(3000);
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post.body).toBe(post.body);
  });

  it('answers 422 validation_error naming the field when idea is missing, empty or too long', async () => {
    for (const body of [{}, { idea: '' }, { idea: 'x'.repeat(2001) }]) {
      const response = await api.http.post('/posts').set('Authorization', ada.auth).send(body);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('validation_error');
      expect(response.body.error.details).toHaveProperty('idea');
    }
  });

  it('rejects unknown fields by name', async () => {
    const response = await api.http.post('/posts').set('Authorization', ada.auth).send({ idea: 'ok', colour: 'blue' });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: { colour: expect.any(String) } });
  });

  it('answers 422 with details.body for unparseable JSON', async () => {
    const response = await api.http.post('/posts').set('Authorization', ada.auth).set('Content-Type', 'application/json').send('{"idea": ');
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: { body: expect.any(String) } });
  });

  it('answers 422 with details.content-type for a body that is not JSON', async () => {
    const response = await api.http.post('/posts').set('Authorization', ada.auth).set('Content-Type', 'text/plain').send('idea=hello');
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: { 'content-type': expect.any(String) } });
  });

  it('answers 422 with details.body when the JSON is not an object', async () => {
    const response = await api.http
      .post('/posts')
      .set('Authorization', ada.auth)
      .send([{ idea: 'x' }]);
    expect(response.status).toBe(422);
    expect(response.body.error.details).toHaveProperty('body');
  });

  it('answers 422 unprocessable for an unknown template_id', async () => {
    const response = await api.http.post('/posts').set('Authorization', ada.auth).send({ idea: 'x', template_id: 'no-such-template' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('unprocessable');
  });
});

describe('GET/PATCH/DELETE /posts/{id}', () => {
  it('answers 422 with details.id when the id is not a UUID', async () => {
    for (const request of [api.http.get('/posts/not-a-uuid'), api.http.patch('/posts/123').send({ body: 'x' }), api.http.delete('/posts/abc')]) {
      const response = await request.set('Authorization', ada.auth);
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({ code: 'validation_error', details: { id: expect.any(String) } });
    }
  });

  it('answers 404 for a post that does not exist', async () => {
    const response = await api.http.get('/posts/00000000-0000-4000-8000-000000000000').set('Authorization', ada.auth);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });

  it('replaces the body with PATCH and keeps the state', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { status: 'scheduled', scheduledAt: new Date(Date.now() + 3_600_000) });
    const response = await api.http.patch(`/posts/${post.id}`).set('Authorization', ada.auth).send({ body: 'Edited by hand.' });
    expect(response.status).toBe(200);
    expect(response.body.post).toMatchObject({ body: 'Edited by hand.', status: 'scheduled', auto_generated: false });
  });

  it('answers 422 when PATCH has no body field or a body over 3,000 characters', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    for (const body of [{}, { body: 'x'.repeat(3001) }, { body: 'ok', status: 'published' }]) {
      const response = await api.http.patch(`/posts/${post.id}`).set('Authorization', ada.auth).send(body);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('validation_error');
    }
  });

  it('deletes a post with 204 and then answers 404 for it', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const deleted = await api.http.delete(`/posts/${post.id}`).set('Authorization', ada.auth);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).status).toBe(404);
  });

  it('answers 409 conflict to PATCH and DELETE on a published post, which stays published', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, {
      status: 'published',
      publishedAt: new Date(),
      networkPostUrn: 'urn:li:share:1',
      networkUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
    });
    const patch = await api.http.patch(`/posts/${post.id}`).set('Authorization', ada.auth).send({ body: 'new' });
    const del = await api.http.delete(`/posts/${post.id}`).set('Authorization', ada.auth);
    expect([patch.status, del.status]).toEqual([409, 409]);
    expect(patch.body.error.code).toBe('conflict');
    const after = await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth);
    expect(after.body.post).toMatchObject({ status: 'published', body: post.body });
  });
});

describe('member isolation on posts', () => {
  it('answers 404 (never 403) when another member reads, edits or deletes a post', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const responses = await Promise.all([
      api.http.get(`/posts/${post.id}`).set('Authorization', bob.auth),
      api.http.patch(`/posts/${post.id}`).set('Authorization', bob.auth).send({ body: 'hijack' }),
      api.http.delete(`/posts/${post.id}`).set('Authorization', bob.auth),
    ]);
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(responses.every((r) => r.body.error.code === 'not_found')).toBe(true);
    const still = await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth);
    expect(still.body.post.body).toBe(post.body);
  });

  it('never lists another member’s posts', async () => {
    await createTestPost(api.runtime, ada.memberId, { idea: 'only ada' });
    const list = await api.http.get('/posts?limit=100').set('Authorization', bob.auth);
    expect(list.status).toBe(200);
    expect(list.body.data.every((post: { idea: string }) => post.idea !== 'only ada')).toBe(true);
  });
});

describe('a post whose publication is in flight', () => {
  it('answers 409 to PATCH, DELETE and regenerate, and keeps the post as it was', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { publishRequestedAt: new Date(), statusBeforePublish: 'draft_saved' });
    const responses = await Promise.all([
      api.http.patch(`/posts/${post.id}`).set('Authorization', ada.auth).send({ body: 'changed' }),
      api.http.delete(`/posts/${post.id}`).set('Authorization', ada.auth),
      api.http.post(`/posts/${post.id}/regenerate`).set('Authorization', ada.auth),
    ]);
    expect(responses.map((r) => [r.status, r.body.error?.code])).toEqual([
      [409, 'conflict'],
      [409, 'conflict'],
      [409, 'conflict'],
    ]);
    const after = await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth);
    expect(after.body.post.body).toBe(post.body);
  });
});

// Answers to GET go through Express (ETag, 304); other methods' answers are written
// directly (mount-routes.ts). Both must stay well-formed JSON with the same headers.
describe('JSON answers', () => {
  it('POST and PATCH answers are UTF-8 JSON with their exact length and no ETag', async () => {
    const created = await api.http.post('/posts').set('Authorization', ada.auth).send({ idea: 'Answers in JSON' });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(created.headers['content-length'])).toBe(Buffer.byteLength(created.text));
    expect(created.headers.etag).toBeUndefined();
    const text = 'Ünïcode — a post with “quotes” and emoji 🚀';
    const patched = await api.http.patch(`/posts/${created.body.post.id}`).set('Authorization', ada.auth).send({ body: text });
    expect(patched.status).toBe(200);
    expect(Number(patched.headers['content-length'])).toBe(Buffer.byteLength(patched.text));
    expect(Buffer.byteLength(patched.text)).toBeGreaterThan(patched.text.length);
    expect(patched.body.post.body).toBe(text);
  });

  it('a GET answer carries an ETag, and a conditional GET with it answers 304', async () => {
    const created = await api.http.post('/posts').set('Authorization', ada.auth).send({ idea: 'Cache me' });
    const first = await api.http.get(`/posts/${created.body.post.id}`).set('Authorization', ada.auth);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await api.http
      .get(`/posts/${created.body.post.id}`)
      .set('Authorization', ada.auth)
      .set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });
});
