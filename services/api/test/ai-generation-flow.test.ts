import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import type { RunningService } from '@lps/runtime';
// The research worker runs in this process, as under `npm start` (imported from its build).
import { startResearchService } from '../../research/dist/index.js';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let worker: RunningService;
let member: TestMember;

beforeAll(async () => {
  api = await startTestApi();
  worker = await startResearchService(api.runtime);
  member = await createTestMember(api.runtime, { displayName: 'Ada Lovelace', headline: 'Staff engineer', companyName: 'Acme' });
});
afterAll(async () => {
  await worker.stop();
  await api.stop();
});

const post = (path: string, body?: object) => {
  const request = api.http.post(path).set('Authorization', member.auth);
  return body === undefined ? request : request.send(body);
};
const ideaEvents = () => api.runtime.db.outboxEvent.findMany({ where: { memberId: member.memberId, type: 'idea.created' }, orderBy: { createdAt: 'asc' } });

describe('generation end to end over HTTP', () => {
  it('idea → post → regenerate → ideas generate → research → poll → create-post', async () => {
    const templates = await api.http.get('/templates').set('Authorization', member.auth);
    expect(templates.status).toBe(200);
    expect(templates.body.data.map((template: { id: string }) => template.id)).toEqual(expect.arrayContaining(['story', 'how-to', 'contrarian', 'lesson-learned', 'announcement']));

    const created = await post('/posts', { idea: 'How we cut our deploy time in half', template_id: 'story' });
    expect(created.status).toBe(201);
    expect(created.headers['x-ratelimit-limit']).toBe(String(api.runtime.config.rateLimits.generation.points));
    const draft = created.body.post;
    expect(draft).toMatchObject({ status: 'draft_saved', idea: 'How we cut our deploy time in half', auto_generated: true, format: 'text' });
    expect(draft.body.length).toBeGreaterThan(100);
    expect(draft.body.length).toBeLessThanOrEqual(3000);

    const regenerated = await post(`/posts/${draft.id}/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.post.id).toBe(draft.id);
    expect(regenerated.body.post.status).toBe('draft_saved');
    expect(regenerated.body.post.body).not.toBe(draft.body);
    const asHowTo = await post(`/posts/${draft.id}/regenerate`, { template_id: 'how-to' });
    expect(asHowTo.status).toBe(200);
    expect(asHowTo.body.post.body).toMatch(/^1\. /m);

    const generated = await post('/ideas/generate');
    expect(generated.status).toBe(200);
    expect(generated.body.result).toMatch(/^Generated 10 new ideas for Ada Lovelace/);
    expect(generated.body.ideas).toHaveLength(10);
    expect(generated.body.ideas.every((idea: { source: string; status: string }) => idea.source === 'generated' && idea.status === 'new')).toBe(true);
    const afterGenerate = await ideaEvents();
    expect(afterGenerate).toHaveLength(1);
    expect(afterGenerate[0]!.payload).toEqual({ ideas: generated.body.ideas });

    const again = await post('/ideas/generate');
    const firstTitles = new Set(generated.body.ideas.map((idea: { title: string }) => idea.title));
    expect(again.body.ideas.some((idea: { title: string }) => firstTitles.has(idea.title))).toBe(false);

    const research = await post('/ideas/research', { keyword: 'platform engineering' });
    expect(research.status).toBe(202);
    expect(research.body).toEqual({ status: 'pending', poll: '/api/v1/ideas', research_id: expect.any(String) });
    const researched = await waitFor(
      async () => {
        const list = await api.http.get(research.body.poll.replace('/api/v1', '')).set('Authorization', member.auth);
        const found = list.body.data.filter((idea: { source: string }) => idea.source === 'research');
        return found.length > 0 ? found : undefined;
      },
      { what: 'research ideas to appear in GET /ideas' },
    );
    expect(researched).toHaveLength(5);
    expect(researched.every((idea: { title: string }) => /platform engineering/i.test(idea.title))).toBe(true);
    expect(await ideaEvents()).toHaveLength(3);

    const idea = researched[0];
    const fromIdea = await post(`/ideas/${idea.id}/create-post`);
    expect(fromIdea.status).toBe(201);
    expect(fromIdea.body.post).toMatchObject({ status: 'draft_saved', idea: idea.title, auto_generated: true });
    const used = await api.http.get('/ideas?status=used').set('Authorization', member.auth);
    expect(used.body.data.map((entry: { id: string }) => entry.id)).toEqual([idea.id]);
    const row = await api.runtime.db.idea.findUniqueOrThrow({ where: { id: idea.id } });
    expect(row.postId).toBe(fromIdea.body.post.id);
  });

  it('POST /posts with research: true grounds the draft in the research notes', async () => {
    const created = await post('/posts', { idea: 'Remote onboarding that works', research: true, template_id: 'story' });
    expect(created.status).toBe(201);
    // The offline research provider's notes are questions about the topic; one of them is quoted in the draft.
    expect(created.body.post.body).toMatch(/remote onboarding that works/i);
    expect(created.body.post.body).toMatch(/(Something I read while preparing this|One data point worth sharing|A note from my research): /);
  });

  it('an unknown template_id is 422 unprocessable on POST /posts and regenerate, and nothing is written', async () => {
    const before = await api.runtime.db.post.count({ where: { memberId: member.memberId } });
    const created = await post('/posts', { idea: 'Anything', template_id: 'sonnet' });
    expect(created.status).toBe(422);
    expect(created.body.error.code).toBe('unprocessable');
    expect(await api.runtime.db.post.count({ where: { memberId: member.memberId } })).toBe(before);

    const existing = await createTestPost(api.runtime, member.memberId);
    const regenerated = await post(`/posts/${existing.id}/regenerate`, { template_id: 'sonnet' });
    expect(regenerated.status).toBe(422);
    expect(regenerated.body.error.code).toBe('unprocessable');
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: existing.id } })).body).toBe(existing.body);
  });

  it('regenerate answers 409 on a published post (before any template check) and 404 for another member’s post', async () => {
    const published = await createTestPost(api.runtime, member.memberId, { status: 'published', publishedAt: new Date() });
    const answer = await post(`/posts/${published.id}/regenerate`, { template_id: 'sonnet' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('conflict');
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: published.id } })).body).toBe(published.body);

    const other = await createTestMember(api.runtime);
    const theirs = await createTestPost(api.runtime, other.memberId);
    expect((await post(`/posts/${theirs.id}/regenerate`)).status).toBe(404);
  });

  it('create-post on a dismissed idea is 409 and leaves the idea and posts untouched', async () => {
    const [idea] = (await post('/ideas/generate')).body.ideas;
    expect((await post(`/ideas/${idea.id}/dismiss`)).status).toBe(200);
    const before = await api.runtime.db.post.count({ where: { memberId: member.memberId } });
    const answer = await post(`/ideas/${idea.id}/create-post`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('conflict');
    expect(await api.runtime.db.post.count({ where: { memberId: member.memberId } })).toBe(before);
    expect((await api.runtime.db.idea.findUniqueOrThrow({ where: { id: idea.id } })).status).toBe('dismissed');
  });

  it('keeps suggesting new, distinct ideas run after run (40 presses of generate: 400 ideas), following the member’s posts', async () => {
    const presser = await createTestMember(api.runtime, { displayName: 'Grace', headline: 'Head of Growth', companyName: 'Globex' });
    await createTestPost(api.runtime, presser.memberId, { idea: 'How our referral program doubled signups with customer stories' });
    const titles: string[] = [];
    for (let press = 0; press < 40; press += 1) {
      const answer = await api.http.post('/ideas/generate').set('Authorization', presser.auth).expect(200);
      expect([press, answer.body.ideas.length]).toEqual([press, 10]);
      titles.push(...answer.body.ideas.map((idea: { title: string }) => idea.title));
    }
    expect(new Set(titles.map((title) => title.toLowerCase())).size).toBe(400);
    expect(titles.some((title) => /customer stories|referral program/i.test(title))).toBe(true);
    expect(titles.some((title) => /Globex/.test(title))).toBe(true);
  });

  it('validates shapes: an empty or too long keyword, a body on /ideas/generate, an unknown field on regenerate', async () => {
    expect((await post('/ideas/research', { keyword: '' })).body.error.details).toHaveProperty('keyword');
    expect((await post('/ideas/research', { keyword: 'x'.repeat(201) })).status).toBe(422);
    expect((await post('/ideas/generate', { count: 3 })).body.error.code).toBe('validation_error');
    const existing = await createTestPost(api.runtime, member.memberId);
    expect((await post(`/posts/${existing.id}/regenerate`, { tone: 'funny' })).body.error.details).toHaveProperty('tone');
  });

  it('replays POST /ideas/generate for the same Idempotency-Key instead of generating again', async () => {
    const first = await post('/ideas/generate').set('Idempotency-Key', 'gen-1');
    const eventsAfterFirst = (await ideaEvents()).length;
    const second = await post('/ideas/generate').set('Idempotency-Key', 'gen-1');
    expect(second.status).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await ideaEvents()).toHaveLength(eventsAfterFirst);
  });
});
