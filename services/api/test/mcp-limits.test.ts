import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

/**
 * One member trying to get more out of /mcp than the REST API would give them:
 * batches of tool calls in one POST, calls to tools that used to cost nothing,
 * and many long waits held open at once.
 */
let api: TestApi;
let member: TestMember;
let mcpUrl: string;

beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '12/60' });
  member = await createTestMember(api.runtime);
  mcpUrl = api.baseUrl.replace(/\/api\/v1$/, '/mcp');
});
afterAll(async () => api.stop());

const call = (id: number, name: string, args: object = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

async function post(body: unknown, auth = member.auth): Promise<{ status: number; json: any }> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-03-26' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

const errorCode = (answer: any): string | undefined => answer?.result?.structuredContent?.error?.code;

describe('MCP arguments that cannot be stored', () => {
  it('are a validation_error naming the field, as over REST, never an internal error', async () => {
    const answer = (await post(call(1, 'research_ideas', { keyword: 'nul\u0000here', wait_seconds: 0 }))).json;
    expect(answer.result.structuredContent.error).toMatchObject({ code: 'validation_error', details: { keyword: expect.stringMatching(/NUL/) } });
  });
});

describe('MCP costs what the REST API costs', () => {
  it('refuses a batch of 100 tool calls whole, running none of them', async () => {
    const before = await api.runtime.db.idea.count({ where: { memberId: member.memberId } });
    const batch = Array.from({ length: 100 }, (_, index) => call(index + 1, 'generate_ideas'));
    const answer = await post(batch);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32600);
    expect(await api.runtime.db.idea.count({ where: { memberId: member.memberId } })).toBe(before);
  });

  it('charges every call, the formerly free list_ideas included: two batches of 4 cost 8 points, not 2', async () => {
    const fresh = await createTestMember(api.runtime);
    for (let round = 0; round < 2; round += 1) {
      const batch = Array.from({ length: 4 }, (_, index) => call(index + 1, 'list_ideas'));
      const answers = (await post(batch, fresh.auth)).json as any[];
      expect(answers.filter((answer) => errorCode(answer) === undefined)).toHaveLength(4);
    }
    // 8 of 12 points used: 4 more single requests pass, the next is 429.
    for (let single = 0; single < 4; single += 1) expect(errorCode((await post(call(1, 'list_ideas'), fresh.auth)).json)).toBeUndefined();
    const over = await post(call(1, 'list_ideas'), fresh.auth);
    expect(over.status).toBe(429);
  });

  it('runs at most 4 calls of one key at once: long waits beyond that are refused, not held open', async () => {
    const waiter = await createTestMember(api.runtime);
    const postId = (await createTestPost(api.runtime, waiter.memberId, { body: 'waiting' })).id;
    // 8 waits for a publication that never starts, each up to 2 s, sent together.
    const batch = Array.from({ length: 8 }, (_, index) => call(index + 1, 'wait_for_post', { post_id: postId, until: 'publication', wait_seconds: 2 }));
    const answers = (await post(batch, waiter.auth)).json as any[];
    const refused = answers.filter((answer) => errorCode(answer) === 'rate_limited');
    expect(refused).toHaveLength(4);
    expect(answers.length - refused.length).toBe(4);
  });
});
