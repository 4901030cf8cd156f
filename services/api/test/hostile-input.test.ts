import { createTestIdea, type TestMember } from '@lps/testing';
import { startTestApiWithMember, type TestApi } from './support/api-harness.js';
import { openRaw, rawExchange, within } from './support/raw-http.js';

let api: TestApi;
let member: TestMember;
beforeAll(async () => ({ api, member } = await startTestApiWithMember()));
afterAll(async () => api.stop());

const port = () => Number(new URL(api.baseUrl).port);

describe('malformed percent-escapes in a path parameter', () => {
  const cases: Array<[string, string]> = [
    ['GET', '/posts/%'],
    ['DELETE', '/webhooks/%E0%A4%A'],
    ['POST', '/ideas/%/restore'],
    ['GET', '/posts/%ZZ/analytics'],
    ['PATCH', '/ideas/%C3%28'],
  ];

  it.each(cases)('%s %s is 422 validation_error naming id, valid against the document', async (method, path) => {
    const answer = await api.fetch(path, {
      method,
      headers: { Authorization: member.auth, 'Content-Type': 'application/json' },
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe('validation_error');
    expect(answer.json.error.details.id).toEqual(expect.any(String));
  });

  it('still asks for a key first: without one it is 401', async () => {
    const answer = await api.fetch('/posts/%');
    expect(answer.status).toBe(401);
  });

  it('sent byte for byte on a socket (no client re-encoding) it is 422 too', async () => {
    const answer = await rawExchange(port(), `GET /api/v1/posts/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAuthorization: ${member.auth}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).error.details.id).toEqual(expect.any(String));
  });
});

describe('text that cannot be stored', () => {
  const jsonRequest = (method: string, path: string, raw: string) =>
    api.fetch(path, { method, headers: { Authorization: member.auth, 'Content-Type': 'application/json' }, body: raw });

  it('a NUL in an idea title is 422 naming title, and the idea is unchanged', async () => {
    const idea = await createTestIdea(api.runtime, member.memberId, { title: 'Untouched title' });
    const answer = await jsonRequest('PATCH', `/ideas/${idea.id}`, JSON.stringify({ title: 'bad\u0000title' }));
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toEqual({ title: expect.stringMatching(/NUL/) });
    expect((await api.runtime.db.idea.findUniqueOrThrow({ where: { id: idea.id } })).title).toBe('Untouched title');
  });

  it('a NUL in a research keyword is 422 naming keyword, and no research is queued', async () => {
    const before = await api.runtime.db.researchRequest.count();
    const answer = await jsonRequest('POST', '/ideas/research', JSON.stringify({ keyword: 'ai\u0000' }));
    expect(answer.status).toBe(422);
    expect(answer.json.error.details.keyword).toMatch(/NUL/);
    expect(await api.runtime.db.researchRequest.count()).toBe(before);
  });

  it('a lone surrogate written as a JSON escape is 422 naming the field', async () => {
    const answer = await jsonRequest('POST', '/ideas/research', '{"keyword":"growth \\ud800 hacking"}');
    expect(answer.status).toBe(422);
    expect(answer.json.error.details.keyword).toMatch(/surrogate/);
  });

  it('a truncated escape is 422 body (not JSON), never 500', async () => {
    const answer = await jsonRequest('POST', '/ideas/research', '{"keyword":"\\ud8"}');
    expect(answer.status).toBe(422);
    expect(answer.json.error.details.body).toMatch(/JSON/);
  });

  it('a NUL in a nested field or a field name is named by its path', async () => {
    const answer = await jsonRequest('POST', '/posts', JSON.stringify({ idea: 'fine', template_id: 'x\u0000' }));
    expect(answer.status).toBe(422);
    expect(answer.json.error.details.template_id).toMatch(/NUL/);
    const key = await jsonRequest('POST', '/posts', JSON.stringify({ idea: 'fine', ['we\u0000ird']: 1 }));
    expect(key.status).toBe(422);
  });

  it('a NUL in a query parameter is 422 naming it', async () => {
    const answer = await api.fetch('/ideas?status=%00', { headers: { Authorization: member.auth } });
    expect(answer.status).toBe(422);
    expect(answer.json.error.details.status).toEqual(expect.any(String));
  });

  it('JSON nested 100,000 levels deep is refused without a 5xx', async () => {
    const deep = `{"idea":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const answer = await jsonRequest('POST', '/posts', deep);
    expect(answer.status).toBe(422);
  });
});

describe('field names that every JavaScript object inherits', () => {
  const jsonRequest = (raw: string) => api.fetch('/posts', { method: 'POST', headers: { Authorization: member.auth, 'Content-Type': 'application/json' }, body: raw });
  const postCount = () => api.runtime.db.post.count({ where: { memberId: member.memberId } });

  it.each(['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'a field named %s is an unknown field: 422 naming it, nothing created, nothing polluted',
    async (name) => {
      const before = await postCount();
      const answer = await jsonRequest(`{"${name}":{"prototype":{"polluted":"yes"}},"idea":"x"}`);
      expect(answer.status).toBe(422);
      expect(answer.json.error.code).toBe('validation_error');
      expect(Object.prototype.hasOwnProperty.call(answer.json.error.details, name)).toBe(true);
      expect(await postCount()).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('a NUL under such a name is refused and named, not skipped', async () => {
    const answer = await jsonRequest('{"toString":"x\\u0000y","idea":"x"}');
    expect(answer.status).toBe(422);
    expect(answer.json.error.details.toString).toMatch(/NUL/);
  });
});

describe('bodies built to make validation expensive', () => {
  const jsonRequest = (raw: string) => api.fetch('/posts', { method: 'POST', headers: { Authorization: member.auth, 'Content-Type': 'application/json' }, body: raw });
  // Short names: 100,000 of them are 880 KB, under the byte limit.
  const keys = (count: number) => JSON.stringify({ idea: 'x', ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`u${i.toString(36)}`, 1])) });

  it('500 unknown fields: details names the first 20 and the message counts them all', async () => {
    const answer = await jsonRequest(keys(500));
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json.error.details)).toHaveLength(20);
    expect(answer.json.error.details.u0).toEqual(expect.any(String));
    expect(answer.json.error.message).toMatch(/500/);
  });

  it("100,000 fields are refused from the body's shape, before validation, with a short answer", async () => {
    const answer = await jsonRequest(keys(100_000));
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toEqual({ body: expect.stringMatching(/more than 1,000 fields/) });
    expect(answer.text.length).toBeLessThan(1_000);
  });

  it("10,000 levels of nesting are refused from the body's shape", async () => {
    const answer = await jsonRequest(`{"idea":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`);
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toEqual({ body: expect.stringMatching(/nested deeper than 20 levels/) });
  });

  it('a 10 MB body declared in Content-Length is answered before it is sent', async () => {
    const connection = openRaw(port());
    connection.write(
      `POST /api/v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${member.auth}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n{"idea":"`,
    );
    const answer = await within(5_000, connection.response, 'the answer to a 10 MB declared body').finally(() => connection.socket.destroy());
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).error.details.body).toMatch(/larger than 1 MB/);
  });
});

describe('requests Node refuses before Express sees them', () => {
  it('a 20 KB query string is 431 in the error envelope, with the connection closed', async () => {
    const answer = await rawExchange(port(), `GET /api/v1/posts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(api.document.problems({ method: 'GET', path: '/unrouted', status: 404, contentType: 'application/json', text: answer.body })).toEqual([]);
    expect(JSON.parse(answer.body).error.code).toBe('validation_error');
  });

  it('the same through fetch is a 431 whose body is the envelope', async () => {
    const response = await fetch(`${api.baseUrl}/posts?q=${'a'.repeat(20_000)}`, { headers: { Authorization: member.auth } });
    expect(response.status).toBe(431);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation_error');
  });

  it('a malformed request line is 400 in the error envelope', async () => {
    const answer = await rawExchange(port(), 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.code).toBe('validation_error');
  });

  it('the service still answers after all of it', async () => {
    const answer = await api.fetch('/posts', { headers: { Authorization: member.auth } });
    expect(answer.status).toBe(200);
  });
});
