import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApi, type TestApi } from './support/api-harness.js';

// docs/api.md is the contract users read; the served OpenAPI document is the one their
// generated clients read. Both must say the same thing.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
const reference = readFileSync(join(root, 'docs', 'api.md'), 'utf8');

type Schema = { properties?: Record<string, Schema>; enum?: string[]; items?: Schema; $ref?: string };
type Operation = { parameters?: Array<{ name: string }>; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** Statuses every route may answer (auth, limits, parser, outage); the reference states them once, not per row. */
const COMMON_STATUSES = new Set(['304', '400', '401', '408', '429', '431', '500', '503']);

interface EndpointRow {
  operation: string;
  idempotent: boolean;
  success: string;
  otherErrors: string[];
}

function endpointRows(): EndpointRow[] {
  const rows: EndpointRow[] = [];
  for (const line of reference.split('\n')) {
    const match = /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)`( \(idem\))? \| .*? \| (\d{3})\b.*? \| (.*?) \|$/.exec(line);
    if (!match) continue;
    const [, method, path, idem, success, errors] = match as unknown as [string, string, string, string | undefined, string, string];
    rows.push({ operation: `${method.toLowerCase()} ${path}`, idempotent: Boolean(idem), success, otherErrors: errors.match(/\d{3}/g) ?? [] });
  }
  return rows;
}

/** The backticked names in the first column of the table under `### <title>`. */
function tableFields(title: string): string[] {
  const start = reference.indexOf(`\n### ${title}\n`);
  expect(start).toBeGreaterThan(-1);
  const section = reference.slice(start + 1).split(/\n#{2,3} /)[0] as string;
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1] as string);
}

/** The backticked words of the line that starts with `prefix`. */
const listedOn = (prefix: string): string[] => {
  const line = reference.split('\n').find((text) => text.startsWith(prefix));
  expect(line).toBeDefined();
  return [...(line as string).matchAll(/`([a-z_.]+)`/g)].map((match) => match[1] as string);
};

let api: TestApi;
let document: Document;
beforeAll(async () => {
  api = await startTestApi();
  document = (await api.http.get('/openapi.json')).body as Document;
});
afterAll(async () => api.stop());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
      .map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
  );

describe('docs/api.md against the served OpenAPI document', () => {
  it('lists exactly the served endpoints, once each', () => {
    const listed = endpointRows().map((row) => row.operation);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(
      operations()
        .map((entry) => entry.key)
        .sort(),
    );
  });

  it('gives each endpoint its success status, its own error statuses and its (idem) mark', () => {
    const byKey = new Map(operations().map((entry) => [entry.key, entry.operation]));
    for (const row of endpointRows()) {
      const operation = byKey.get(row.operation) as Operation;
      const statuses = Object.keys(operation.responses);
      const served = {
        success: statuses.filter((status) => status.startsWith('2')),
        otherErrors: statuses.filter((status) => /^[45]/.test(status) && !COMMON_STATUSES.has(status)).sort(),
        idempotent: (operation.parameters ?? []).some((parameter) => parameter.name === 'Idempotency-Key'),
      };
      expect({ operation: row.operation, success: [row.success], otherErrors: [...row.otherErrors].sort(), idempotent: row.idempotent }).toEqual({
        operation: row.operation,
        ...served,
      });
    }
  });

  it.each([
    ['Post', 'Post'],
    ['Idea', 'Idea'],
    ['Member', 'Member'],
    ['Webhook', 'Webhook'],
    ['WebhookDelivery', 'WebhookDelivery'],
    ['PostAnalytics', 'PostAnalytics'],
    ['PostPreview', 'PostPreview'],
  ])('describes every field of %s and no other', (title, schema) => {
    expect(tableFields(title).sort()).toEqual(Object.keys(document.components.schemas[schema]?.properties ?? {}).sort());
  });

  it('names the same post states, error codes and events', () => {
    const schemas = document.components.schemas;
    const postStates = listedOn('`draft`, ');
    expect(postStates.sort()).toEqual([...(schemas.Post?.properties?.status?.enum ?? [])].sort());
    const errorCodes = [...reference.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => match[1] as string);
    expect(errorCodes.sort()).toEqual([...((schemas.Error?.properties?.error?.properties?.code?.enum as string[]) ?? [])].sort());
    const events = [...reference.matchAll(/^\| `([a-z]+\.[a-z_]+)` \|/gm)].map((match) => match[1] as string);
    expect(events.sort()).toEqual([...(schemas.Webhook?.properties?.events?.items?.enum ?? [])].sort());
  });
});
