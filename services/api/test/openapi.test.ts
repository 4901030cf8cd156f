import { compileErrors, validate } from '@readme/openapi-parser';
import { startTestApi, type TestApi } from './support/api-harness.js';

/** Every path and method of the contract (docs/api.md), with the statuses it documents. */
const CONTRACT: Array<[string, string, string[]]> = [
  ['get', '/health', ['200']],
  ['get', '/openapi.json', ['200']],
  ['get', '/me', ['200', '401', '429']],
  ['get', '/posts', ['200', '422']],
  ['post', '/posts', ['201', '422']],
  ['get', '/posts/{id}', ['200', '404', '422']],
  ['patch', '/posts/{id}', ['200', '404', '409', '422']],
  ['delete', '/posts/{id}', ['204', '404', '409', '422']],
  ['post', '/posts/{id}/regenerate', ['200', '404', '422']],
  ['post', '/posts/{id}/images', ['202', '404', '422']],
  ['post', '/posts/{id}/images/upload', ['201', '404', '422']],
  ['post', '/posts/{id}/select-image', ['200', '404', '422']],
  ['post', '/posts/{id}/schedule', ['200', '404', '409', '422']],
  ['post', '/posts/{id}/publish', ['202', '404', '409', '422']],
  ['get', '/posts/{id}/analytics', ['200', '404', '422']],
  ['get', '/analytics', ['200']],
  ['get', '/ideas', ['200', '422']],
  ['post', '/ideas/generate', ['200']],
  ['post', '/ideas/research', ['202', '422']],
  ['patch', '/ideas/{id}', ['200', '404', '422']],
  ['post', '/ideas/{id}/create-post', ['201', '404', '422']],
  ['post', '/ideas/{id}/dismiss', ['200', '404', '422']],
  ['post', '/ideas/{id}/restore', ['200', '404', '422']],
  ['get', '/webhooks', ['200']],
  ['post', '/webhooks', ['201', '422']],
  ['get', '/webhooks/{id}', ['200', '404', '422']],
  ['delete', '/webhooks/{id}', ['204', '404', '422']],
  ['get', '/webhooks/{id}/deliveries', ['200', '404', '422']],
  ['get', '/templates', ['200']],
];

/** (idem) in the spec. */
const IDEMPOTENT = [
  'post /posts',
  'post /posts/{id}/regenerate',
  'post /posts/{id}/images',
  'post /posts/{id}/schedule',
  'post /posts/{id}/publish',
  'post /ideas/generate',
  'post /ideas/research',
  'post /ideas/{id}/create-post',
];

type Operation = { security?: unknown[]; responses: Record<string, unknown>; parameters?: Array<{ name: string; in: string }> };
let api: TestApi;
let document: { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  api = await startTestApi();
  document = (await api.http.get('/openapi.json')).body;
});
afterAll(async () => api.stop());

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document according to an independent parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('declares bearer security, on every route but /health and /openapi.json', () => {
    expect(document.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const open = path === '/health' || path === '/openapi.json';
        expect([`${method} ${path}`, operation.security]).toEqual([`${method} ${path}`, open ? [] : [{ bearerAuth: [] }]]);
      }
    }
  });

  it.each(CONTRACT)('documents %s %s with its statuses', (method, path, statuses) => {
    const operation = document.paths[path]?.[method];
    expect(operation).toBeDefined();
    for (const status of statuses) expect(Object.keys(operation?.responses ?? {})).toContain(status);
  });

  it('offers Idempotency-Key exactly on the (idem) endpoints', () => {
    for (const [method, path] of CONTRACT) {
      const operation = document.paths[path]?.[method];
      const hasKey = (operation?.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      expect([`${method} ${path}`, hasKey]).toEqual([`${method} ${path}`, IDEMPOTENT.includes(`${method} ${path}`)]);
    }
  });

  it("describes the upload's multipart file as every kind the endpoint takes, each with its limit (docs/api.md)", () => {
    type Upload = { requestBody: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } };
    const file = (document.paths['/posts/{id}/images/upload']?.post as unknown as Upload).requestBody.content['multipart/form-data']?.schema.properties.file;
    expect(file?.description).toContain('JPEG or PNG (at most 5 MB)');
    expect(file?.description).toContain('PDF (at most 10 MB)');
    expect(file?.description).toContain('MP4 video (75 KB to LPS_VIDEO_MAX_BYTES, 500 MB by default; 3 s to 30 min');
  });

  it('names the resources of the contract as shared schemas', () => {
    for (const name of ['Post', 'PostEnvelope', 'AsyncEnvelope', 'PaginatedPosts', 'Idea', 'IdeaEnvelope', 'Member', 'Webhook', 'WebhookDelivery', 'Error']) {
      expect(Object.keys(document.components.schemas ?? {})).toContain(name);
    }
  });
});
