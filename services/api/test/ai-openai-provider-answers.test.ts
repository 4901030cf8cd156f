import type { ServerResponse } from 'node:http';
import { createTestIdea, createTestMember, createTestPost, readBody, startLoopbackServer, type LoopbackServer, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

/**
 * POST /posts and friends with LPS_AI_PROVIDER=openai against a fake
 * OpenAI-compatible server on loopback: what the user gets for each behaviour
 * of the provider. Failing for good is 503 service_unavailable + Retry-After,
 * and nothing is written.
 */
let fake: LoopbackServer;
let answers: ((res: ServerResponse) => void)[] = [];
let calls = 0;

const completion = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
};
const status =
  (code: number, headers: Record<string, string> = {}) =>
  (res: ServerResponse) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message: `status ${code}` } }));
  };
const hang = () => () => undefined;
const postBody = 'Small pull requests win.\n\nReviews finish sooner and bugs stay small.\n\nWhat is your limit?\n\n#engineering #codereview';

let api: TestApi;
let member: TestMember;

beforeAll(async () => {
  fake = await startLoopbackServer(async (req, res) => {
    await readBody(req);
    calls += 1;
    (answers.shift() ?? status(500))(res);
  });
  api = await startTestApi({
    LPS_AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_API_KEY: 'sk-test',
    LPS_AI_TIMEOUT: '1',
    LPS_AI_RETRIES: '2',
  });
  member = await createTestMember(api.runtime);
});
afterAll(async () => {
  await api.stop();
  await fake.close();
});
beforeEach(() => {
  answers = [];
  calls = 0;
});

const createPost = () => api.http.post('/posts').set('Authorization', member.auth).send({ idea: 'Why small pull requests win' });
const postCount = () => api.runtime.db.post.count({ where: { memberId: member.memberId } });

async function expectUnavailable(response: { status: number; body: { error: { code: string } }; headers: Record<string, string> }) {
  expect(response.status).toBe(503);
  expect(response.body.error.code).toBe('service_unavailable');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(JSON.stringify(response.body)).not.toMatch(/stack|at \w+ \(/);
}

describe('POST /posts with the OpenAI-compatible provider', () => {
  it('success: 201 with the model’s body', async () => {
    answers.push(completion(JSON.stringify({ body: postBody })));
    const response = await createPost();
    expect(response.status).toBe(201);
    expect(response.body.post.body).toBe(postBody);
  });

  it('malformed JSON answers: 503 service_unavailable with Retry-After, no post written', async () => {
    const before = await postCount();
    answers.push(completion('Here you go: Small pull requests win!'), completion('{"body": '));
    await expectUnavailable(await createPost());
    expect(calls).toBe(2);
    expect(await postCount()).toBe(before);
  });

  it('429 then success: retried, 201', async () => {
    answers.push(status(429, { 'retry-after': '1' }), completion(JSON.stringify({ body: postBody })));
    const response = await createPost();
    expect(response.status).toBe(201);
    expect(calls).toBe(2);
  });

  it('time-out on every attempt: 503 with Retry-After, no post written', async () => {
    const before = await postCount();
    answers.push(hang(), hang(), hang());
    await expectUnavailable(await createPost());
    expect(calls).toBe(3);
    expect(await postCount()).toBe(before);
  });

  it('500 forever: 503 with Retry-After after the retries, no post written; the same Idempotency-Key works once the provider is back', async () => {
    const before = await postCount();
    answers.push(status(500), status(500), status(500));
    const failed = await createPost().set('Idempotency-Key', 'outage-1');
    await expectUnavailable(failed);
    expect(calls).toBe(3);
    expect(await postCount()).toBe(before);

    answers.push(completion(JSON.stringify({ body: postBody })));
    const retried = await createPost().set('Idempotency-Key', 'outage-1');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
  });
});

describe('other generating endpoints when the provider is down', () => {
  beforeEach(() => {
    answers.push(status(503), status(503), status(503));
  });

  it('regenerate: 503 and the body is unchanged', async () => {
    const existing = await createTestPost(api.runtime, member.memberId);
    await expectUnavailable(await api.http.post(`/posts/${existing.id}/regenerate`).set('Authorization', member.auth));
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: existing.id } })).body).toBe(existing.body);
  });

  it('create-post: 503, the idea stays new and no post is written', async () => {
    const idea = await createTestIdea(api.runtime, member.memberId);
    const before = await postCount();
    await expectUnavailable(await api.http.post(`/ideas/${idea.id}/create-post`).set('Authorization', member.auth));
    expect((await api.runtime.db.idea.findUniqueOrThrow({ where: { id: idea.id } })).status).toBe('new');
    expect(await postCount()).toBe(before);
  });

  it('ideas generate: 503, no idea and no idea.created event', async () => {
    await expectUnavailable(await api.http.post('/ideas/generate').set('Authorization', member.auth));
    expect(await api.runtime.db.idea.count({ where: { memberId: member.memberId, source: 'generated' } })).toBe(0);
    expect(await api.runtime.db.outboxEvent.count({ where: { memberId: member.memberId } })).toBe(0);
  });
});

describe('ideas generate with the OpenAI-compatible provider', () => {
  it('stores the validated ideas with source generated and announces them once', async () => {
    const ideas = [
      { title: 'Three review habits that cut our cycle time', angle: 'With the numbers' },
      { title: 'The on-call rota that finally worked', angle: null },
    ];
    answers.push(completion(JSON.stringify({ ideas })));
    const response = await api.http.post('/ideas/generate').set('Authorization', member.auth);
    expect(response.status).toBe(200);
    expect(response.body.ideas.map((idea: { title: string; angle: string | null; source: string }) => [idea.title, idea.angle, idea.source])).toEqual([
      ['Three review habits that cut our cycle time', 'With the numbers', 'generated'],
      ['The on-call rota that finally worked', null, 'generated'],
    ]);
    expect(await api.runtime.db.outboxEvent.count({ where: { memberId: member.memberId, type: 'idea.created' } })).toBe(1);
  });
});
