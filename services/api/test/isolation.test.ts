import { createTestIdea, createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// Valid bodies, so validation (checked before existence) passes and ownership is what decides.
const BODIES: Record<string, object> = {
  'patch /posts/{id}': { body: 'someone else’s words' },
  'post /posts/{id}/schedule': { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() },
  'post /posts/{id}/select-image': { image_index: 0 },
  'post /posts/{id}/images/upload': { image_url: 'https://93.184.216.34/photo.png' },
  'patch /ideas/{id}': { title: 'taken over' },
  'post /posts/{id}/network-post': { network_post_urn: 'urn:li:share:7045020441609936898' },
};

let api: TestApi;
let owner: TestMember;
let intruder: TestMember;
let ids: Record<'posts' | 'ideas' | 'webhooks', string>;
let deliveryId: string;
let routes: Array<[string, string]>;

beforeAll(async () => {
  api = await startTestApi();
  owner = await createTestMember(api.runtime, { displayName: 'Owner' });
  intruder = await createTestMember(api.runtime, { displayName: 'Intruder' });
  const post = await createTestPost(api.runtime, owner.memberId);
  const idea = await createTestIdea(api.runtime, owner.memberId);
  const endpoint = await api.runtime.db.webhookEndpoint.create({
    data: { memberId: owner.memberId, url: 'https://93.184.216.34/hook', events: ['post.published'], secretEnc: api.runtime.keyring.encrypt('whsec_x') },
  });
  ids = { posts: post.id, ideas: idea.id, webhooks: endpoint.id };
  // A route's second id (a delivery of the endpoint) is the owner's too: only the endpoint's owner differs.
  const event = await api.runtime.db.outboxEvent.create({ data: { memberId: owner.memberId, type: 'post.published', payload: {} } });
  deliveryId = (await api.runtime.db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: event.id, event: 'post.published', status: 'failed' } })).id;
  const document = (await api.http.get('/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths)
    .filter(([path]) => path.includes('{id}'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => [method, path] as [string, string]));
});
afterAll(async () => api.stop());

describe('member isolation', () => {
  it('covers every route with an {id} in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(17);
  });

  it('answers 404 not_found (never 403, never the object) when another member uses an id, on every route and verb', async () => {
    const answers: Array<[string, number, string | undefined]> = [];
    for (const [method, path] of routes) {
      const resource = path.split('/')[1] as keyof typeof ids;
      const url = path.replace('{id}', ids[resource]).replace('{delivery_id}', deliveryId);
      const route = `${method} ${path}`;
      const request = (api.http as unknown as Record<string, (url: string) => import('supertest').Test>)[method]!(url).set('Authorization', intruder.auth);
      const response = BODIES[route] ? await request.send(BODIES[route]) : await request;
      answers.push([route, response.status, response.body?.error?.code]);
    }
    expect(answers.filter(([, status, code]) => status !== 404 || code !== 'not_found')).toEqual([]);
  });

  it('leaves the owner’s objects untouched', async () => {
    const post = await api.http.get(`/posts/${ids.posts}`).set('Authorization', owner.auth);
    expect(post.body.post).toMatchObject({ status: 'draft_saved', scheduled_at: null, published_at: null });
    expect((await api.http.get(`/webhooks/${ids.webhooks}`).set('Authorization', owner.auth)).status).toBe(200);
    const idea = (await api.http.get('/ideas').set('Authorization', owner.auth)).body.data.find((row: { id: string }) => row.id === ids.ideas);
    expect(idea).toMatchObject({ status: 'new', title: 'Why small pull requests win' });
    // The intruder's test and redeliver sent nothing: the only delivery is the owner's, still failed.
    expect(await api.runtime.db.webhookDelivery.findMany({ where: { endpointId: ids.webhooks } })).toEqual([expect.objectContaining({ id: deliveryId, status: 'failed' })]);
  });
});
