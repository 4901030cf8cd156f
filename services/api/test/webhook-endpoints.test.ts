import { createTestMember, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// A public IP literal: valid at creation without any DNS lookup; nothing is delivered in these tests.
const PUBLIC_URL = 'https://93.184.216.34/hooks/lps';

let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi({ LPS_ALLOW_PRIVATE_URLS: '0' });
  ada = await createTestMember(api.runtime);
  bob = await createTestMember(api.runtime);
});
afterAll(async () => api.stop());

const create = (member: TestMember, body: object) => api.http.post('/webhooks').set('Authorization', member.auth).send(body);

describe('webhook endpoints', () => {
  it('creates an endpoint, returns its whsec_ secret once and stores it only encrypted', async () => {
    const response = await create(ada, { url: PUBLIC_URL, events: ['post.published', 'idea.created', 'post.published'] });
    expect(response.status).toBe(201);
    const { endpoint, secret } = response.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toEqual({
      id: expect.any(String),
      url: PUBLIC_URL,
      events: ['post.published', 'idea.created'],
      is_active: true,
      created_at: expect.any(String),
      last_delivery: null,
    });

    const row = await api.runtime.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.secretEnc).not.toContain(secret);
    expect(api.runtime.keyring.decrypt(row.secretEnc)).toBe(secret);

    const fetched = await api.http.get(`/webhooks/${endpoint.id}`).set('Authorization', ada.auth);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(endpoint);
    const listed = await api.http.get('/webhooks').set('Authorization', ada.auth);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(endpoint.id);
  });

  it.each([
    ['a missing url', { events: ['post.published'] }, 'url'],
    ['a url that is not http(s)', { url: 'ftp://93.184.216.34/x', events: ['post.published'] }, 'url'],
    ['a url with credentials', { url: 'https://user:pw@93.184.216.34/x', events: ['post.published'] }, 'url'],
    ['a url over 2,048 characters', { url: `https://93.184.216.34/${'a'.repeat(2048)}`, events: ['post.published'] }, 'url'],
    ['empty events', { url: PUBLIC_URL, events: [] }, 'events'],
    ['an unknown event', { url: PUBLIC_URL, events: ['post.deleted'] }, 'events.0'],
  ])('answers 422 validation_error for %s', async (_label, body, field) => {
    const response = await create(ada, body);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: { [field]: expect.any(String) } });
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://localhost/hook',
    'http://[::ffff:127.0.0.1]/hook',
  ])('answers 422 unprocessable for a url reaching a private address (%s)', async (url) => {
    const response = await create(ada, { url, events: ['post.published'] });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('unprocessable');
  });

  it('allows at most 20 endpoints per member; the 21st is 422 unprocessable', async () => {
    const member = await createTestMember(api.runtime);
    for (let index = 0; index < 20; index += 1) {
      expect((await create(member, { url: `${PUBLIC_URL}/${index}`, events: ['idea.created'] })).status).toBe(201);
    }
    const over = await create(member, { url: `${PUBLIC_URL}/21`, events: ['idea.created'] });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('unprocessable');
  });

  it('holds the cap against 40 creates sent at once: exactly 20 succeed', async () => {
    const member = await createTestMember(api.runtime);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => create(member, { url: `${PUBLIC_URL}/parallel-${index}`, events: ['idea.created'] })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(20);
    expect(await api.runtime.db.webhookEndpoint.count({ where: { memberId: member.memberId } })).toBe(20);
  });

  it('lists delivery records newest first and deletes the endpoint with 204', async () => {
    const { body } = await create(ada, { url: PUBLIC_URL, events: ['post.published'] });
    const endpointId: string = body.endpoint.id;
    const base = Date.now() - 60_000;
    for (let index = 0; index < 3; index += 1) {
      const event = await api.runtime.db.outboxEvent.create({ data: { memberId: ada.memberId, type: 'post.published', payload: {} } });
      await api.runtime.db.webhookDelivery.create({
        data: {
          endpointId,
          eventId: event.id,
          event: 'post.published',
          status: index === 0 ? 'failed' : 'success',
          attempts: index + 1,
          responseCode: 200,
          createdAt: new Date(base + index * 1000),
        },
      });
    }
    const deliveries = await api.http.get(`/webhooks/${endpointId}/deliveries`).set('Authorization', ada.auth);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data.map((row: { attempts: number }) => row.attempts)).toEqual([3, 2, 1]);
    expect(deliveries.body.data[2]).toMatchObject({ event: 'post.published', status: 'failed', response_code: 200, last_error: null });

    expect((await api.http.delete(`/webhooks/${endpointId}`).set('Authorization', ada.auth)).status).toBe(204);
    expect((await api.http.get(`/webhooks/${endpointId}`).set('Authorization', ada.auth)).status).toBe(404);
    expect((await api.http.get(`/webhooks/${endpointId}/deliveries`).set('Authorization', ada.auth)).status).toBe(404);
  });

  it('answers 404 to another member on get, delete and deliveries, and never lists their endpoints', async () => {
    const { body } = await create(ada, { url: PUBLIC_URL, events: ['post.published'] });
    const id: string = body.endpoint.id;
    const responses = await Promise.all([
      api.http.get(`/webhooks/${id}`).set('Authorization', bob.auth),
      api.http.delete(`/webhooks/${id}`).set('Authorization', bob.auth),
      api.http.get(`/webhooks/${id}/deliveries`).set('Authorization', bob.auth),
    ]);
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404]);
    const list = await api.http.get('/webhooks').set('Authorization', bob.auth);
    expect(list.body.data.map((row: { id: string }) => row.id)).not.toContain(id);
    expect((await api.http.get(`/webhooks/${id}`).set('Authorization', ada.auth)).status).toBe(200);
  });
});
