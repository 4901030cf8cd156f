import { randomUUID } from 'node:crypto';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// Requests whose shape is wrong in ways a newcomer meets first (decision 0028): valid JSON that is
// not an object, query parameters nobody declared, a method a path does not have, a body with none
// of the fields that may change. Each answer names what the client sent, by its wire name, and every
// answer is checked against the served OpenAPI document.

interface Document {
  paths: Record<string, Record<string, unknown>>;
  components: { responses: Record<string, { headers?: Record<string, unknown> }> };
}

let api: TestApi;
let member: TestMember;
let document: Document;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
  member = await createTestMember(api.runtime);
  document = (await api.fetch('/openapi.json')).json as Document;
});
afterAll(async () => api.stop());

type Operation = { method: string; path: string; template: string };

/** Every operation of the served document, its `{id}` filled with an id nobody has. */
function documentedOperations(): Operation[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), template, path: template.replace(/\{[^}]+\}/g, randomUUID()) })),
  );
}

const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  api.fetch(path, {
    method,
    headers: { Authorization: member.auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body }),
  });

describe('a body that is valid JSON but not an object', () => {
  it.each([
    ['null', 'null'],
    ['[]', 'an array'],
    ['"x"', 'a string'],
    ['1', 'a number'],
    ['true', 'a boolean'],
  ])('POST /posts with %s answers 422 validation_error naming body: must be a JSON object, not %s', async (text, what) => {
    const answer = await send('POST', '/posts', text);
    expect([answer.status, answer.json]).toEqual([
      422,
      { error: { code: 'validation_error', message: 'request failed validation', details: { body: `must be a JSON object, not ${what}` } } },
    ]);
  });

  it('is told the same on PATCH, and nothing is changed', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { body: 'Unchanged.' });
    const answer = await send('PATCH', `/posts/${post.id}`, 'null');
    expect([answer.status, answer.json.error.details]).toEqual([422, { body: 'must be a JSON object, not null' }]);
    expect((await send('GET', `/posts/${post.id}`)).json.post.body).toBe('Unchanged.');
  });

  it('text that is not JSON at all is still "not valid JSON"', async () => {
    const answer = await send('POST', '/posts', 'nul');
    expect([answer.status, answer.json.error.details.body]).toEqual([422, expect.stringMatching(/^not valid JSON/)]);
  });
});

describe('PATCH /posts/{id} with none of the fields that may change', () => {
  it('names the wire fields, not a schema of ours', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const answer = await send('PATCH', `/posts/${post.id}`, '{}');
    expect([answer.status, answer.json.error.details]).toEqual([422, { body: 'give at least one of body, link_preview, images or poll' }]);
    const card = await send('PATCH', `/posts/${post.id}`, '{"link_preview":"on"}');
    expect([card.status, card.json.error.details]).toEqual([422, { link_preview: 'link_preview must be of type object' }]);
  });
});

describe('query parameters', () => {
  it('an unknown one answers 422 validation_error naming it, on every route of the document (with or without a query schema)', async () => {
    const operations = documentedOperations();
    expect(operations.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { method, path, template } of operations) {
      const answer = await send(method, `${path}?foo=1`);
      const detail: unknown = answer.json?.error?.details?.foo;
      if (answer.status !== 422 || answer.json.error.code !== 'validation_error' || typeof detail !== 'string' || !detail.startsWith('"foo" is not a query parameter')) {
        wrong.push(`${method} ${template} → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('says which parameters the endpoint takes', async () => {
    const listed = await send('GET', '/posts?page=2');
    expect(listed.json.error.details).toEqual({ page: '"page" is not a query parameter of this endpoint (it takes status, limit, cursor)' });
    const me = await send('GET', '/me?verbose=1');
    expect(me.json.error.details).toEqual({ verbose: '"verbose" is not a query parameter of this endpoint (it takes none)' });
    const health = await api.fetch('/health?probe=1');
    expect([health.status, Object.keys(health.json.error.details)]).toEqual([422, ['probe']]);
  });

  it('the documented ones still pass, as the SDK and the MCP server send them', async () => {
    await createTestPost(api.runtime, member.memberId);
    await createTestPost(api.runtime, member.memberId);
    const first = await send('GET', '/posts?status=draft_saved&limit=1');
    expect([first.status, first.json.data.length, first.json.page.has_more]).toEqual([200, 1, true]);
    const next = await send('GET', `/posts?status=draft_saved&limit=1&cursor=${encodeURIComponent(first.json.page.next_cursor as string)}`);
    expect([next.status, next.json.data.length]).toEqual([200, 1]);
    expect((await send('GET', '/ideas?status=new')).status).toBe(200);
  });
});

describe('a method the path does not have', () => {
  it('PUT on a post answers 405 method_not_allowed with Allow; an unknown path stays 404', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const put = await send('PUT', `/posts/${post.id}`, '{}');
    expect([put.status, put.headers.get('allow'), put.json.error.code]).toEqual([405, 'DELETE, GET, HEAD, OPTIONS, PATCH', 'method_not_allowed']);
    expect(put.json.error.message).toBe('/api/v1/posts/{id} does not take PUT; it takes DELETE, GET, HEAD, OPTIONS, PATCH');
    const unknown = await send('PUT', '/nothing-here');
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'not_found']);
  });

  it('every path of the document answers 405 to a method it lacks, with Allow listing exactly the document’s methods', async () => {
    const byTemplate = new Map<string, { path: string; methods: Set<string> }>();
    for (const { method, path, template } of documentedOperations()) {
      const entry = byTemplate.get(template) ?? { path, methods: new Set(['OPTIONS']) };
      entry.methods.add(method);
      if (method === 'GET') entry.methods.add('HEAD');
      byTemplate.set(template, entry);
    }
    const wrong: string[] = [];
    for (const [template, { path, methods }] of byTemplate) {
      const lacking = ['PUT', 'PATCH', 'DELETE', 'POST'].find((method) => !methods.has(method)) as string;
      const answer = await send(lacking, path);
      const allow = [...methods].sort().join(', ');
      if (answer.status !== 405 || answer.headers.get('allow') !== allow || answer.json?.error?.code !== 'method_not_allowed')
        wrong.push(`${lacking} ${template} → ${answer.status} ${answer.headers.get('allow')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('HEAD still answers on GET routes; OPTIONS answers 204 with Allow and no key, and 404 on an unknown path', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const head = await fetch(`${api.baseUrl}/posts/${post.id}`, { method: 'HEAD', headers: { Authorization: member.auth } });
    expect(head.status).toBe(200);
    const options = await fetch(`${api.baseUrl}/posts/${post.id}`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow'), await options.text()]).toEqual([204, 'DELETE, GET, HEAD, OPTIONS, PATCH', '']);
    const unknown = await fetch(`${api.baseUrl}/nothing-here`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
  });

  it('is described in the OpenAPI document (components/responses/Error405, with Allow)', () => {
    expect(Object.keys(document.components.responses.Error405?.headers ?? {})).toEqual(['Allow']);
  });
});
