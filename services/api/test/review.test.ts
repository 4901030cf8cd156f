import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { png } from './support/image-fixtures.js';

// Review from the member's side: approve and reject with a note, the events they write, the
// approval step when the member's settings require it, and content changes that send a post
// back for review — whichever request changes the content (the rule is one trigger, decision 0031).

let api: TestApi;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-review-'));
  // The image service beside the API, as `npm start` runs it: uploads are content changes too.
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60', LPS_DATA_DIR: dataDir }, undefined, { imageService: true });
});
afterAll(async () => {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const inADay = () => new Date(Date.now() + DAY).toISOString();
const CANDIDATES = ['https://images.example/one.png', 'https://images.example/two.png'].map((base_url) => ({
  base_url,
  width: 1200,
  height: 1200,
  kind: 'image',
  source: 'generated',
}));

const as = (member: TestMember) => ({
  get: (path: string) => api.http.get(path).set('Authorization', member.auth),
  post: (path: string, body?: object) => api.http.post(path).set('Authorization', member.auth).send(body),
  patch: (path: string, body: object) => api.http.patch(path).set('Authorization', member.auth).send(body),
});

const eventsOf = async (postId: string) =>
  (await api.runtime.db.outboxEvent.findMany({ where: { type: { in: ['post.approved', 'post.rejected'] } }, orderBy: { createdAt: 'asc' } }))
    .filter((event) => (event.payload as { post: { id: string } }).post.id === postId)
    .map((event) => [
      event.type,
      (event.payload as { post: { status: string; review_note: string | null } }).post.status,
      (event.payload as { post: { review_note: string | null } }).post.review_note,
    ]);

async function memberRequiringApproval(): Promise<TestMember> {
  const member = await createTestMember(api.runtime);
  await as(member).patch('/settings', { approval_required: true }).expect(200);
  return member;
}

describe('POST /posts/{id}/approve and /reject', () => {
  it('reject keeps the note in review_note and fires post.rejected; approve clears it and fires post.approved; repeats fire nothing', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId);
    expect((await as(member).get(`/posts/${post.id}`).expect(200)).body.post.review_note).toBeNull();
    const rejected = await as(member).post(`/posts/${post.id}/reject`, { note: 'The hook is buried; lead with the number.' }).expect(200);
    expect(rejected.body.post).toMatchObject({ status: 'rejected', review_note: 'The hook is buried; lead with the number.' });
    await as(member).post(`/posts/${post.id}/reject`, { note: 'The hook is buried; lead with the number.' }).expect(200);
    const approved = await as(member).post(`/posts/${post.id}/approve`).expect(200);
    expect(approved.body.post).toMatchObject({ status: 'approved', review_note: null });
    await as(member).post(`/posts/${post.id}/approve`).expect(200);
    expect(await eventsOf(post.id)).toEqual([
      ['post.rejected', 'rejected', 'The hook is buried; lead with the number.'],
      ['post.approved', 'approved', null],
    ]);
  });

  it('reject takes no body, or a null note', async () => {
    const member = await createTestMember(api.runtime);
    for (const body of [undefined, { note: null }]) {
      const post = await createTestPost(api.runtime, member.memberId);
      expect((await as(member).post(`/posts/${post.id}/reject`, body).expect(200)).body.post).toMatchObject({ status: 'rejected', review_note: null });
    }
  });

  it.each([
    ['a 1,001-character note', { note: 'x'.repeat(1001) }],
    ['an empty note', { note: '   ' }],
    ['a note that is not text', { note: ['too', 'long'] }],
    ['a NUL in the note', { note: 'bad\u0000note' }],
    ['an unknown field', { note: 'ok', reason: 'style' }],
  ])('reject answers 422 validation_error for %s, and the post is unchanged', async (_name, body) => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId);
    const answer = await as(member).post(`/posts/${post.id}/reject`, body).expect(422);
    expect(answer.body.error.code).toBe('validation_error');
    expect(Object.keys(answer.body.error.details).some((field) => field === 'note' || field === 'reason')).toBe(true);
    expect((await as(member).get(`/posts/${post.id}`).expect(200)).body.post.status).toBe('draft_saved');
  });

  it('accepts a 1,000-character note', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId);
    expect(
      (
        await as(member)
          .post(`/posts/${post.id}/reject`, { note: 'y'.repeat(1000) })
          .expect(200)
      ).body.post.review_note,
    ).toHaveLength(1000);
  });

  it('answer 409 for a published post or one whose images are generating, and 404 for another member’s', async () => {
    const member = await createTestMember(api.runtime);
    for (const status of ['published', 'generating_images'] as const) {
      const post = await createTestPost(api.runtime, member.memberId, { status });
      expect((await as(member).post(`/posts/${post.id}/approve`).expect(409)).body.error.code).toBe('conflict');
      expect((await as(member).post(`/posts/${post.id}/reject`, { note: 'no' }).expect(409)).body.error.code).toBe('conflict');
    }
    const theirs = await createTestPost(api.runtime, (await createTestMember(api.runtime)).memberId);
    expect((await as(member).post(`/posts/${theirs.id}/approve`).expect(404)).body.error.code).toBe('not_found');
    expect((await as(member).post(`/posts/${theirs.id}/reject`).expect(404)).body.error.code).toBe('not_found');
  });

  it('approving a scheduled post keeps it scheduled; unscheduling then returns it to approved; rejecting one frees its slot', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId);
    const at = inADay();
    await as(member).post(`/posts/${post.id}/schedule`, { scheduled_at: at }).expect(200);
    expect((await as(member).post(`/posts/${post.id}/approve`).expect(200)).body.post).toMatchObject({ status: 'scheduled', scheduled_at: at });
    expect((await as(member).post(`/posts/${post.id}/unschedule`).expect(200)).body.post).toMatchObject({ status: 'approved', scheduled_at: null });
    await as(member).post(`/posts/${post.id}/schedule`, { scheduled_at: at }).expect(200);
    expect((await as(member).post(`/posts/${post.id}/reject`, { note: 'Not this week.' }).expect(200)).body.post).toMatchObject({ status: 'rejected', scheduled_at: null });
    expect(await api.runtime.queues.publish.getJob(`publish-${post.id}`)).toBeUndefined();
  });
});

describe('a rejected post', () => {
  it('is back to draft_saved when its body is edited, its note kept for the writer', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId);
    await as(member).post(`/posts/${post.id}/reject`, { note: 'Shorter, please.' }).expect(200);
    const edited = await as(member).patch(`/posts/${post.id}`, { body: 'Shorter.' }).expect(200);
    expect(edited.body.post).toMatchObject({ status: 'draft_saved', body: 'Shorter.', review_note: 'Shorter, please.' });
  });

  it('cannot be scheduled, queued or published before that (409)', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId, { status: 'rejected' });
    await as(member).post(`/posts/${post.id}/schedule`, { scheduled_at: inADay() }).expect(409);
    await as(member).post(`/posts/${post.id}/queue`).expect(409);
    await as(member).post(`/posts/${post.id}/publish`).expect(409);
  });
});

describe('with approval_required', () => {
  it('scheduling, queueing and publishing a post that is not approved answer 409 saying it needs approval', async () => {
    const member = await memberRequiringApproval();
    const post = await createTestPost(api.runtime, member.memberId);
    for (const answer of [
      await as(member).post(`/posts/${post.id}/schedule`, { scheduled_at: inADay() }),
      await as(member).post(`/posts/${post.id}/queue`),
      await as(member).post(`/posts/${post.id}/publish`),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('needs approval') });
    }
    expect((await as(member).get(`/posts/${post.id}`).expect(200)).body.post).toMatchObject({ status: 'draft_saved', scheduled_at: null });
  });

  it('an approved post may be queued, rescheduled and published', async () => {
    const member = await memberRequiringApproval();
    const post = await createTestPost(api.runtime, member.memberId);
    await as(member).post(`/posts/${post.id}/approve`).expect(200);
    expect((await as(member).post(`/posts/${post.id}/queue`).expect(200)).body.post.status).toBe('scheduled');
    await as(member).post(`/posts/${post.id}/schedule`, { scheduled_at: inADay() }).expect(200);
    expect((await as(member).post(`/posts/${post.id}/publish`).expect(202)).body.status).toBe('scheduled');
  });

  it('select-image does not approve a post', async () => {
    const member = await memberRequiringApproval();
    const post = await createTestPost(api.runtime, member.memberId, { imageCandidates: CANDIDATES });
    const selected = await as(member).post(`/posts/${post.id}/select-image`, { image_index: 0, use_overlay: false }).expect(200);
    expect(selected.body.post).toMatchObject({ status: 'draft_saved', image_url: CANDIDATES[0]!.base_url });
  });

  it.each([
    ['PATCH body', (member: TestMember, id: string) => as(member).patch(`/posts/${id}`, { body: 'A different text.' })],
    ['PATCH images', (member: TestMember, id: string) => as(member).patch(`/posts/${id}`, { images: [{ image_url: CANDIDATES[1]!.base_url }] })],
    ['regenerate', (member: TestMember, id: string) => as(member).post(`/posts/${id}/regenerate`)],
    ['select-image', (member: TestMember, id: string) => as(member).post(`/posts/${id}/select-image`, { image_index: 1, use_overlay: false })],
    [
      'an upload (attached by the image service)',
      async (member: TestMember, id: string) => {
        const uploaded = await api.http
          .post(`/posts/${id}/images/upload`)
          .set('Authorization', member.auth)
          .attach('file', await png(), { filename: 'photo.png', contentType: 'image/png' })
          .expect(201);
        return { status: 200, body: { post: (await as(member).get(`/posts/${id}`).expect(200)).body.post, uploaded: uploaded.body } };
      },
    ],
  ])('%s sends an approved post back to draft_saved', async (_name, change) => {
    const member = await memberRequiringApproval();
    const post = await createTestPost(api.runtime, member.memberId, { imageCandidates: CANDIDATES, imageUrl: CANDIDATES[0]!.base_url, format: 'image' });
    await as(member).post(`/posts/${post.id}/approve`).expect(200);
    const answer = await change(member, post.id);
    expect(answer.status).toBe(200);
    expect(answer.body.post.status).toBe('draft_saved');
    expect((await as(member).post(`/posts/${post.id}/queue`).expect(409)).body.error.message).toContain('needs approval');
  });

  it('an edit to a post queued after its approval unschedules it: back to draft_saved, its slot free', async () => {
    const member = await memberRequiringApproval();
    const post = await createTestPost(api.runtime, member.memberId);
    await as(member).post(`/posts/${post.id}/approve`).expect(200);
    const queued = (await as(member).post(`/posts/${post.id}/queue`).expect(200)).body.post.scheduled_at as string;
    const edited = await as(member).patch(`/posts/${post.id}`, { body: 'Changed after the approval.' }).expect(200);
    expect(edited.body.post).toMatchObject({ status: 'draft_saved', scheduled_at: null });
    const slots = (
      await as(member)
        .get(`/schedule/slots?to=${encodeURIComponent(new Date(Date.parse(queued) + 1).toISOString())}`)
        .expect(200)
    ).body.data;
    expect(slots.find((slot: { at: string }) => slot.at === queued)).toEqual({ at: queued, local: expect.any(String), post_id: null });
  });

  it('a change that leaves the content as it was keeps the approval', async () => {
    const member = await memberRequiringApproval();
    const post = await createTestPost(api.runtime, member.memberId);
    await as(member).post(`/posts/${post.id}/approve`).expect(200);
    expect((await as(member).patch(`/posts/${post.id}`, { body: post.body! }).expect(200)).body.post.status).toBe('approved');
  });
});

describe('with approval off (the default), as before', () => {
  it('an edit keeps an approved post approved, and select-image approves a draft_saved post', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId, { imageCandidates: CANDIDATES });
    expect((await as(member).post(`/posts/${post.id}/select-image`, { image_index: 0, use_overlay: false }).expect(200)).body.post.status).toBe('approved');
    expect((await as(member).patch(`/posts/${post.id}`, { body: 'Edited after selecting.' }).expect(200)).body.post.status).toBe('approved');
  });

  it('a post is scheduled, queued and published without an approval', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId);
    await as(member).post(`/posts/${post.id}/schedule`, { scheduled_at: inADay() }).expect(200);
    await as(member).post(`/posts/${post.id}/queue`).expect(200);
    await as(member).post(`/posts/${post.id}/publish`).expect(202);
  });
});
