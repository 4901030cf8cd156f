import { createTestPost } from '@lps/testing';
import { apiWithTwoMembers } from './support/api-harness.js';

// POST /posts/{id}/duplicate from the member's side (decision 0043): every answer is checked
// against the served OpenAPI document by the harness.
const members = apiWithTwoMembers({ LPS_RATE_LIMIT: '100000/60' });

const duplicate = (id: string, auth = members.ada.auth) => members.api.http.post(`/posts/${id}/duplicate`).set('Authorization', auth);
const row = (id: string) => members.api.runtime.db.post.findUniqueOrThrow({ where: { id } });
const PAGE = { title: 'Trunk-based development', description: 'Short-lived branches', image_url: null, site_name: 'example.org', fetched_at: '2026-11-01T00:00:00.000Z' };

describe('POST /posts/{id}/duplicate', () => {
  it('copies a published post with images as a new draft: its words, not its media, schedule or publication', async () => {
    const source = await createTestPost(members.api.runtime, members.ada.memberId, {
      status: 'published',
      body: 'What we learned shipping weekly. https://example.org/weekly',
      templateId: 'how-to',
      format: 'image',
      imageUrl: 'http://127.0.0.1/files/a.png',
      images: [{ image_url: 'http://127.0.0.1/files/a.png', alt_text: 'A chart' }],
      publishedAt: new Date('2026-11-20T09:00:00Z'),
      networkPostUrn: 'urn:li:share:42',
      networkUrl: 'https://www.linkedin.com/feed/update/urn:li:share:42/',
      linkPreview: { url: 'https://example.org/weekly', request_id: 'r1', requested_at: '2026-11-01T00:00:00.000Z', page: PAGE, member: { title: 'My title' } },
    });
    const answer = await duplicate(source.id).expect(201);
    const copy = answer.body.post;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      status: 'draft_saved',
      body: source.body,
      idea: source.idea,
      format: 'text',
      image_url: null,
      images: [],
      scheduled_at: null,
      published_at: null,
      network_url: null,
    });
    // The card read for the source is the copy's, with the member's own title; no page read again.
    expect(copy.link_preview).toMatchObject({ url: 'https://example.org/weekly', title: 'My title' });
    expect((await row(copy.id)).linkPreview).toEqual((await row(source.id)).linkPreview);
    // The source is as it was.
    expect(await row(source.id)).toMatchObject({ status: 'published', networkUrl: source.networkUrl, images: source.images });
    // The copy is a post like any other: read, listed, edited.
    expect((await members.api.http.get(`/posts/${copy.id}`).set('Authorization', members.ada.auth).expect(200)).body.post.body).toBe(source.body);
    const listed = (await members.api.http.get('/posts?status=draft_saved').set('Authorization', members.ada.auth).expect(200)).body.data.map((post: { id: string }) => post.id);
    expect(listed).toContain(copy.id);
    await members.api.http.patch(`/posts/${copy.id}`).set('Authorization', members.ada.auth).send({ body: 'Rewritten for next week.' }).expect(200);
    expect((await row(source.id)).body).toBe(source.body);
  });

  it('copies a poll with its question, options and duration', async () => {
    const poll = { question: 'Which do you ship on Fridays?', options: ['Nothing', 'Everything'], duration_days: 3 };
    const source = await createTestPost(members.api.runtime, members.ada.memberId, { status: 'scheduled', scheduledAt: new Date(Date.now() + 3_600_000), format: 'poll', poll });
    const copy = (await duplicate(source.id).expect(201)).body.post;
    expect(copy).toMatchObject({ status: 'draft_saved', format: 'poll', poll, scheduled_at: null });
  });

  it('a card still waiting for its page is read again for the copy, under a request of its own', async () => {
    const pending = { url: 'https://example.org/pending', request_id: 'source-request', requested_at: '2026-11-01T00:00:00.000Z', page: null, member: {} };
    const source = await createTestPost(members.api.runtime, members.ada.memberId, { body: 'See https://example.org/pending', linkPreview: pending });
    const copy = (await duplicate(source.id).expect(201)).body.post;
    const stored = (await row(copy.id)).linkPreview as { url: string; request_id: string; page: unknown };
    expect(stored).toMatchObject({ url: 'https://example.org/pending', page: null });
    expect(stored.request_id).not.toBe('source-request');
    const job = await members.api.runtime.queues.research.getJobs(['waiting', 'delayed', 'active', 'prioritized']);
    expect(job.some((queued) => queued.name === 'fetch-link-preview' && queued.data.postId === copy.id && queued.data.requestId === stored.request_id)).toBe(true);
  });

  it('answers 404 for another member’s post and for none, 422 for an id that is not one, and copies nothing', async () => {
    const bobs = await createTestPost(members.api.runtime, members.bob.memberId, { body: 'Bob’s own words' });
    const before = await members.api.runtime.db.post.count();
    expect((await duplicate(bobs.id).expect(404)).body.error.code).toBe('not_found');
    expect((await duplicate('00000000-0000-4000-8000-000000000000').expect(404)).body.error.code).toBe('not_found');
    expect((await duplicate('not-an-id').expect(422)).body.error.code).toBe('validation_error');
    expect(await members.api.runtime.db.post.count()).toBe(before);
  });

  it('with the same Idempotency-Key answers the same copy; at the same moment without one, two copies', async () => {
    const source = await createTestPost(members.api.runtime, members.ada.memberId, { body: 'Worth saying twice' });
    const first = await duplicate(source.id).set('Idempotency-Key', 'dup-1').expect(201);
    const again = await duplicate(source.id).set('Idempotency-Key', 'dup-1').expect(201);
    expect(again.body.post.id).toBe(first.body.post.id);
    const together = await Promise.all([duplicate(source.id), duplicate(source.id)]);
    expect(together.map((answer) => answer.status)).toEqual([201, 201]);
    expect(new Set(together.map((answer) => answer.body.post.id as string)).size).toBe(2);
    expect(await members.api.runtime.db.post.count({ where: { memberId: members.ada.memberId, body: 'Worth saying twice' } })).toBe(4);
  });
});
