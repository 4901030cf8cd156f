import { brotliCompressSync } from 'node:zlib';
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

/** A body exactly as given, with the headers an MCP client sends unless `headers` replaces them. */
async function postRaw(body: string | Buffer, headers: Record<string, string> = {}, auth = member.auth): Promise<{ status: number; contentType: string | null; json: any }> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), json };
}

/** A JSON-RPC error object with no id (JSON-RPC 2.0 §5: the id could not be read), as the MCP SDK's transport answers. */
const jsonRpcError = (code: number) => ({ jsonrpc: '2.0', id: null, error: expect.objectContaining({ code, message: expect.any(String) }) });

describe('MCP arguments that cannot be stored', () => {
  it('are a validation_error naming the field, as over REST, never an internal error', async () => {
    const answer = (await post(call(1, 'research_ideas', { keyword: 'nul\u0000here', wait_seconds: 0 }))).json;
    expect(answer.result.structuredContent.error).toMatchObject({ code: 'validation_error', details: { keyword: expect.stringMatching(/NUL/) } });
  });
});

describe('MCP bodies that cannot be read are JSON-RPC errors with the HTTP status that says why, never a 500', () => {
  // A member of its own: each POST takes a point of the 12 this file's limit allows.
  let reader: TestMember;
  beforeAll(async () => {
    reader = await createTestMember(api.runtime);
  });
  const oneCall = JSON.stringify(call(1, 'list_ideas'));
  const cases: Array<[string, () => string | Buffer, Record<string, string>, number, number]> = [
    ['truncated JSON', () => '{"jsonrpc":', {}, 400, -32700],
    // Valid JSON, but neither a message nor a batch: JSON-RPC's Invalid Request, not a parse error.
    ['the JSON text null', () => 'null', {}, 400, -32600],
    ['the JSON text 1', () => '1', {}, 400, -32600],
    ['the JSON text "x"', () => '"x"', {}, 400, -32600],
    ['a malformed escape', () => '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"\\ud8"}}', {}, 400, -32700],
    ['a charset other than UTF-8', () => oneCall, { 'Content-Type': 'application/json; charset=latin1' }, 415, -32000],
    ['a Content-Encoding nobody knows', () => oneCall, { 'Content-Encoding': 'x-snappy' }, 415, -32000],
    ['a garbage br body', () => Buffer.from('this is not brotli at all, just bytes'), { 'Content-Encoding': 'br' }, 400, -32700],
    ['a body over 1 MB', () => JSON.stringify({ ...call(1, 'create_post', { idea: 'x'.repeat(1_100_000) }) }), {}, 413, -32000],
    // 880 KB: under the byte limit, far over the entry limit.
    [
      '100,000 keys',
      () => JSON.stringify({ ...call(1, 'list_ideas'), params: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [i.toString(36), 1])) }),
      {},
      400,
      -32600,
    ],
    ['10,000 levels of nesting', () => `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`, {}, 400, -32600],
  ];

  it.each(cases)('%s', async (_name, body, headers, status, code) => {
    const answer = await postRaw(body(), headers, reader.auth);
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json).toEqual(jsonRpcError(code));
  });

  it('a well-formed brotli body is read like any other', async () => {
    const answer = await postRaw(brotliCompressSync(Buffer.from(oneCall)), { 'Content-Encoding': 'br' }, reader.auth);
    expect(answer.status).toBe(200);
    expect(errorCode(answer.json)).toBeUndefined();
  });

  it('an unknown key is a JSON-RPC error object too, with the REST code in its data', async () => {
    const answer = await postRaw(oneCall, { Authorization: 'Bearer lps_0123456789abcdef0123456789abcdef' });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(jsonRpcError(-32000));
    expect(answer.json.error.data).toMatchObject({ code: 'unauthorized' });
  });
});

describe('MCP tool arguments are bounded like REST bodies', () => {
  let caller: TestMember;
  beforeAll(async () => {
    caller = await createTestMember(api.runtime);
  });

  it('500 unknown arguments: the first 20 are named and the message counts them all', async () => {
    const args = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`unknown_${i}`, 1]));
    const answer = (await post(call(1, 'list_ideas', args), caller.auth)).json;
    const error = answer.result.structuredContent.error;
    expect(error.code).toBe('validation_error');
    expect(Object.keys(error.details)).toHaveLength(20);
    expect(error.message).toMatch(/500/);
  });

  it("an argument named __proto__ (which the SDK's parser would drop unseen) refuses the message: 400, -32600, naming it", async () => {
    const answer = await postRaw('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_ideas","arguments":{"__proto__":{"polluted":"yes"}}}}', {}, caller.auth);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(jsonRpcError(-32600));
    expect(answer.json.error.message).toMatch(/params\.arguments\.__proto__/);
  });

  it.each(['constructor', 'prototype', 'toString'])('an argument named %s is unknown like any other', async (name) => {
    const answer = (
      await postRaw(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_ideas","arguments":{"${name}":{"polluted":"x\\u0000y"}}}}`, {}, caller.auth)
    ).json;
    expect(answer.result.structuredContent.error).toMatchObject({ code: 'validation_error', details: { [name]: expect.any(String) } });
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
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
