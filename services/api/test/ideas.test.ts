import { createTestIdea, createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi();
  ada = await createTestMember(api.runtime);
  bob = await createTestMember(api.runtime);
});
afterAll(async () => api.stop());

describe('ideas', () => {
  it('lists the member’s ideas newest first and filters by status', async () => {
    const first = await createTestIdea(api.runtime, ada.memberId, { title: 'first' });
    const second = await createTestIdea(api.runtime, ada.memberId, { title: 'second' });
    await api.http.post(`/ideas/${first.id}/dismiss`).set('Authorization', ada.auth);
    const all = await api.http.get('/ideas').set('Authorization', ada.auth);
    expect(all.status).toBe(200);
    const titles = all.body.data.map((idea: { title: string }) => idea.title);
    expect(titles.indexOf('second')).toBeLessThan(titles.indexOf('first'));
    const fresh = await api.http.get('/ideas?status=new').set('Authorization', ada.auth);
    expect(fresh.body.data.map((idea: { id: string }) => idea.id)).toContain(second.id);
    expect(fresh.body.data.map((idea: { id: string }) => idea.id)).not.toContain(first.id);
    expect((await api.http.get('/ideas?status=gone').set('Authorization', ada.auth)).status).toBe(422);
  });

  it('edits title and angle, and clears the angle with an empty string', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    const edited = await api.http.patch(`/ideas/${idea.id}`).set('Authorization', ada.auth).send({ title: 'Sharper title', angle: '' });
    expect(edited.status).toBe(200);
    expect(edited.body.idea).toMatchObject({ id: idea.id, title: 'Sharper title', angle: null, status: 'new', source: 'manual' });
  });

  it('answers 422 for an empty or too long title and for unknown fields', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    for (const body of [{ title: '' }, { title: 'x'.repeat(201) }, { angle: 'x'.repeat(1001) }, { status: 'used' }]) {
      const response = await api.http.patch(`/ideas/${idea.id}`).set('Authorization', ada.auth).send(body);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('validation_error');
    }
  });

  it('dismisses from any state and restores a dismissed idea to new', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    const dismissed = await api.http.post(`/ideas/${idea.id}/dismiss`).set('Authorization', ada.auth);
    expect(dismissed.body.idea.status).toBe('dismissed');
    const restored = await api.http.post(`/ideas/${idea.id}/restore`).set('Authorization', ada.auth);
    expect(restored.status).toBe(200);
    expect(restored.body.idea.status).toBe('new');
  });

  it('restores to used when a post was already made from the idea', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    const post = await createTestPost(api.runtime, ada.memberId);
    await api.runtime.db.idea.update({ where: { id: idea.id }, data: { status: 'used', postId: post.id } });
    await api.http.post(`/ideas/${idea.id}/dismiss`).set('Authorization', ada.auth);
    const restored = await api.http.post(`/ideas/${idea.id}/restore`).set('Authorization', ada.auth);
    expect(restored.body.idea.status).toBe('used');
  });

  it('answers 409 when restoring an idea that is not dismissed', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    const response = await api.http.post(`/ideas/${idea.id}/restore`).set('Authorization', ada.auth);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
  });

  it('answers 404 to another member on every idea route, and 422 for a bad id', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    const responses = await Promise.all([
      api.http.patch(`/ideas/${idea.id}`).set('Authorization', bob.auth).send({ title: 'mine now' }),
      api.http.post(`/ideas/${idea.id}/dismiss`).set('Authorization', bob.auth),
      api.http.post(`/ideas/${idea.id}/restore`).set('Authorization', bob.auth),
    ]);
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404]);
    const list = await api.http.get('/ideas').set('Authorization', bob.auth);
    expect(list.body.data.map((row: { id: string }) => row.id)).not.toContain(idea.id);
    const bad = await api.http.post('/ideas/nope/dismiss').set('Authorization', ada.auth);
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toHaveProperty('id');
  });

  it('refuses a body on endpoints that take none', async () => {
    const idea = await createTestIdea(api.runtime, ada.memberId);
    const response = await api.http.post(`/ideas/${idea.id}/dismiss`).set('Authorization', ada.auth).send({ force: true });
    expect(response.status).toBe(422);
  });
});

describe('the idea cap (GET /ideas has no paging)', () => {
  it('makes room by removing the oldest dismissed ideas, then answers 422 naming the cap, storing nothing', async () => {
    const full = await createTestMember(api.runtime, { displayName: 'Full', headline: 'Staff engineer' });
    const now = Date.now();
    await api.runtime.db.idea.createMany({
      data: Array.from({ length: 1_000 }, (_, index) => ({
        memberId: full.memberId,
        title: `Kept idea ${index}`,
        source: 'manual' as const,
        // The first three are ideas the member dismissed long ago.
        status: index < 3 ? ('dismissed' as const) : ('new' as const),
        createdAt: new Date(now - (1_000 - index) * 1_000),
        updatedAt: new Date(now - (1_000 - index) * 1_000),
      })),
    });
    const generate = () => api.http.post('/ideas/generate').set('Authorization', full.auth);
    const first = await generate();
    expect(first.status).toBe(200);
    expect(first.body.ideas).toHaveLength(3);
    expect(await api.runtime.db.idea.count({ where: { memberId: full.memberId } })).toBe(1_000);
    expect(await api.runtime.db.idea.count({ where: { memberId: full.memberId, status: 'dismissed' } })).toBe(0);

    const refused = await generate();
    expect([refused.status, refused.body.error.code]).toEqual([422, 'unprocessable']);
    expect(refused.body.error.details.ideas).toMatch(/1000/);
    expect(await api.runtime.db.idea.count({ where: { memberId: full.memberId } })).toBe(1_000);
    const listed = await api.http.get('/ideas').set('Authorization', full.auth);
    expect(listed.body.data).toHaveLength(1_000);
  });
});
