import fc from 'fast-check';
import { createTestIdea, createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { bodyFor, brokenJson, fieldValue, hostileRawSegment, percentEncode, resolve } from './support/request-arbitraries.js';

/**
 * Thousands of requests built from the served OpenAPI document — every operation,
 * every path and query parameter, header and body field — with valid, boundary
 * and hostile values. No answer may be a 5xx, every answer must be one the
 * document describes (errors in the envelope), and the service must be healthy after.
 */
type Json = Record<string, any>;

const RUNS = Number(process.env.LPS_PROPERTY_RUNS ?? 2_500);
const seed = process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 20261124);

let api: TestApi;
let member: TestMember;
let document: Json;
const ids: Record<string, string[]> = { posts: [], ideas: [], webhooks: [] };

beforeAll(async () => {
  // Limits high enough that the run exercises the routes, not the rate limiter (429 is checked elsewhere).
  api = await startTestApi({ LPS_RATE_LIMIT: '1000000/60', LPS_RATE_LIMIT_GENERATION: '1000000/60', LPS_AUTH_FAILURE_LIMIT: '1000000/60' });
  member = await createTestMember(api.runtime, { displayName: 'Prop Erty', headline: 'Staff engineer', companyName: 'Acme' });
  for (let index = 0; index < 6; index += 1) {
    ids.posts?.push((await createTestPost(api.runtime, member.memberId, { body: `Post ${index}` })).id);
    ids.ideas?.push((await createTestIdea(api.runtime, member.memberId, { title: `Idea number ${index}` })).id);
  }
  for (let index = 0; index < 3; index += 1) {
    const created = await api.http
      .post('/webhooks')
      .set('Authorization', member.auth)
      .send({ url: `https://hooks.example.com/${index}`, events: ['post.published'] });
    if (created.status === 201) ids.webhooks?.push(created.body.webhook?.id ?? created.body.id);
  }
  document = (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as Json;
}, 60_000);
afterAll(async () => api.stop());

interface Operation {
  method: string;
  template: string;
  operation: Json;
}

const operations = (): Operation[] =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, operation]) => ({ method, template, operation: operation as Json })),
  );

/** A path parameter: an object of the member's, a stranger's uuid, or a hostile raw segment. */
const pathValue = (template: string): fc.Arbitrary<string> => {
  const resource = template.split('/')[1] ?? '';
  const known = ids[resource] ?? [];
  return fc.oneof(
    ...(known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileRawSegment },
  );
};

const queryValue = (schema: Json): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fieldValue(document, schema).map((value) => percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))) },
    { weight: 1, arbitrary: hostileRawSegment },
  );

const authorization = () =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(member.auth) },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>(undefined, 'Bearer lps_00000000000000000000000000000000', 'Bearer', 'Basic Zm9vOmJhcg==', `${member.auth}\t`) },
  );

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', '') },
);

interface BuiltRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function requestFor({ method, template, operation }: Operation): fc.Arbitrary<BuiltRequest> {
  const parameters = ((operation.parameters ?? []) as Json[]).map((parameter) => resolve(document, parameter));
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const idempotent = parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;

  const path = fc.record(Object.fromEntries(pathParameters.map((parameter) => [parameter.name as string, pathValue(template)])));
  const query = fc.record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name as string, queryValue(parameter.schema as Json)])), { requiredKeys: [] });
  const body: fc.Arbitrary<string | undefined> = bodySchema
    ? fc.oneof(
        { weight: 8, arbitrary: bodyFor(document, bodySchema).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: brokenJson },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: brokenJson });
  const idempotencyKey = idempotent ? fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'k'.repeat(300), '"quoted"')), { nil: undefined }) : fc.constant(undefined);

  return fc
    .record({ path, query, body, auth: authorization(), type: contentType, idempotencyKey })
    .map(({ path: values, query: queryValues, body: text, auth, type, idempotencyKey: key }) => {
      const filled = template.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name] ?? 'x'));
      const queryString = Object.entries(queryValues)
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
      const headers: Record<string, string> = {};
      if (auth !== undefined) headers.Authorization = auth;
      if (text !== undefined && type) headers['Content-Type'] = type;
      if (key !== undefined) headers['Idempotency-Key'] = key;
      // fetch cannot send a body with GET (raw sockets cover that in hostile-input.test.ts).
      const sent = method === 'get' ? undefined : text;
      if (sent === undefined) delete headers['Content-Type'];
      return { method: method.toUpperCase(), path: queryString ? `${filled}?${queryString}` : filled, headers, body: sent };
    });
}

describe('every operation of the served OpenAPI document, under valid, boundary and hostile input', () => {
  it(`answers ${RUNS} generated requests without a 5xx, each answer as the document describes it`, async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(20);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all).chain(requestFor), async (request) => {
        // api.fetch fails the property when the answer is outside the document.
        const answer = await api.fetch(request.path, { method: request.method, headers: request.headers, body: request.body });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) throw new Error(`${request.method} ${request.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        if (answer.status >= 400) expect(answer.json?.error?.code).toEqual(expect.any(String));
      }),
      { numRuns: RUNS, seed, endOnFailure: true },
    );
    // The run reached the handlers, not only the front checks.
    expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(RUNS / 20);

    const health = await fetch(`${api.baseUrl}/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${api.opsUrl}/ready`);
    expect(ready.status).toBe(200);
    expect((await api.fetch('/posts', { headers: { Authorization: member.auth } })).status).toBe(200);
  }, 300_000);
});
