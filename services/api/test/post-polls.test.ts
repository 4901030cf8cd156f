import { createStorage } from '@lps/storage';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { png } from './support/image-fixtures.js';
import { openRaw, within } from './support/raw-http.js';

// Polls through PATCH /posts/{id} (decision 0033), from the member's side: every answer is checked
// against the served OpenAPI document by the harness.
let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60', LPS_RATE_LIMIT_GENERATION: '100000/60' });
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(api.runtime, { displayName: 'Bob' });
});
afterAll(async () => api.stop());

const POLL = { question: 'Which do you ship on Fridays?', options: ['Nothing', 'Small fixes', 'Everything'], duration_days: 3 };
const patch = (id: string, body: unknown, auth = ada.auth) =>
  api.http
    .patch(`/posts/${id}`)
    .set('Authorization', auth)
    .send(body as object);
const row = (id: string) => api.runtime.db.post.findUniqueOrThrow({ where: { id } });

/** A post with one stored PNG candidate (its URL is a file this service serves). */
async function postWithCandidate(body = 'A post with a picture to choose') {
  const post = await createTestPost(api.runtime, ada.memberId, { body });
  const storage = createStorage(api.runtime.config);
  const stored = await storage.put(`${ada.memberId}/${post.id}/picture.png`, await png(40, 30), 'image/png');
  await api.runtime.db.post.update({ where: { id: post.id }, data: { imageCandidates: [{ base_url: stored.url, width: 40, height: 30, kind: 'image', source: 'upload' }] } });
  return { post, imageUrl: stored.url };
}

describe('PATCH /posts/{id} poll', () => {
  it('makes the post a poll (format "poll", 7 days unless said), shown on GET; null removes it and the post is text again', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const made = await patch(post.id, { poll: { question: '  Tabs or spaces?  ', options: [' Tabs', 'Spaces '] } }).expect(200);
    expect(made.body.post).toMatchObject({
      format: 'poll',
      poll: { question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'], duration_days: 7 },
      body: post.body,
      status: 'draft_saved',
    });
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth).expect(200)).body.post.poll).toEqual(made.body.post.poll);

    const replaced = await patch(post.id, { poll: POLL, body: 'Tell me below.' }).expect(200);
    expect(replaced.body.post).toMatchObject({ format: 'poll', poll: POLL, body: 'Tell me below.' });

    const removed = await patch(post.id, { poll: null }).expect(200);
    expect(removed.body.post).toMatchObject({ format: 'text', poll: null });
    expect((await row(post.id)).poll).toBeNull();
    // Removing what is not there changes nothing.
    expect((await patch(post.id, { poll: null }).expect(200)).body.post).toMatchObject({ format: 'text', poll: null });
  });

  it('every other post shows poll: null, and a scheduled post stays scheduled with its new poll', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const post = await createTestPost(api.runtime, ada.memberId, { status: 'scheduled', scheduledAt: at });
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth).expect(200)).body.post.poll).toBeNull();
    const answer = await patch(post.id, { poll: POLL }).expect(200);
    expect(answer.body.post).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString(), format: 'poll' });
  });

  it.each([
    ['5 options', 'poll.options', { ...POLL, options: ['a', 'b', 'c', 'd', 'e'] }],
    ['1 option', 'poll.options', { ...POLL, options: ['only'] }],
    ['no options', 'poll.options', { ...POLL, options: [] }],
    ['options that are no list', 'poll.options', { ...POLL, options: 'a,b' }],
    ['a 31-character option', 'poll.options.2', { ...POLL, options: ['a', 'b', 'x'.repeat(31)] }],
    ['a 31-character fifth option', 'poll.options.4', { ...POLL, options: ['a', 'b', 'c', 'd', 'x'.repeat(31)] }],
    ['a 141-character question', 'poll.question', { ...POLL, question: 'q'.repeat(141) }],
    ['an empty question', 'poll.question', { ...POLL, question: '' }],
    ['a question of spaces', 'poll.question', { ...POLL, question: '   ' }],
    ['no question', 'poll.question', { options: POLL.options }],
    ['an empty option', 'poll.options.1', { ...POLL, options: ['a', ''] }],
    ['duplicate options', 'poll.options.2', { ...POLL, options: ['Yes', 'No', 'yes'] }],
    ['options alike but for spacing', 'poll.options.1', { ...POLL, options: ['Small  fixes', 'small fixes'] }],
    ['duration 2', 'poll.duration_days', { ...POLL, duration_days: 2 }],
    ['duration 0', 'poll.duration_days', { ...POLL, duration_days: 0 }],
    ['duration "seven"', 'poll.duration_days', { ...POLL, duration_days: 'seven' }],
    ['a NUL byte in the question', 'poll.question', { ...POLL, question: 'Which\u0000one?' }],
    ['a NUL byte in an option', 'poll.options.0', { ...POLL, options: ['a\u0000', 'b'] }],
    ['a line break in an option', 'poll.options.0', { ...POLL, options: ['one\ntwo', 'b'] }],
    ['a direction override in the question', 'poll.question', { ...POLL, question: 'Pay \u202Eevil' }],
    ['a control character in an option', 'poll.options.0', { ...POLL, options: ['a\u0007', 'b'] }],
    ['an unknown field', 'poll.multiple', { ...POLL, multiple: true }],
    ['a poll that is a string', 'poll', 'Tabs or spaces?'],
    ['an option that is a number', 'poll.options.0', { ...POLL, options: [5, 'a'] }],
    ['an option that is null', 'poll.options.0', { ...POLL, options: [null, 'a'] }],
    ['options that are objects', 'poll.options.1', { ...POLL, options: [{}, {}] }],
    ['options that are lists', 'poll.options.0', { ...POLL, options: [['a'], ['a']] }],
  ])('%s: 422 validation_error naming %s, and the post is unchanged', async (_name, field, poll) => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const answer = await patch(post.id, { poll }).expect(422);
    expect(answer.body.error.code).toBe('validation_error');
    expect(Object.keys(answer.body.error.details)).toContain(field);
    const after = await row(post.id);
    expect([after.format, after.poll, after.updatedAt]).toEqual([post.format, null, post.updatedAt]);
  });

  it('markup is text: <script> is stored and shown as written, never interpreted', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const poll = { question: 'Is <script>alert(1)</script> text?', options: ['<script>', '</b>&amp;'], duration_days: 1 };
    const answer = await patch(post.id, { poll }).expect(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body.post.poll).toEqual(poll);
  });

  it('a 10 MB body is refused like any body over the limit (422, details.body), and nothing changes', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const connection = openRaw(Number(new URL(api.baseUrl).port));
    // Sent chunked, without a length: the server counts what arrives and stops at 1 MB.
    connection.write(`PATCH /api/v1/posts/${post.id} HTTP/1.1\r\nHost: x\r\nAuthorization: ${ada.auth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const opening = `{"poll":{"question":"`;
    connection.write(`${opening.length.toString(16)}\r\n${opening}\r\n`);
    const chunk = 'q'.repeat(64 * 1024);
    let answered = false;
    const answer = connection.response.finally(() => {
      answered = true;
    });
    for (let sent = 0; sent < 10 * 1024 * 1024 && !answered && !connection.socket.destroyed; sent += chunk.length) {
      const flushed = connection.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      if (!flushed) await new Promise((resolve) => connection.socket.once('drain', resolve).once('close', resolve));
    }
    const response = await within(10_000, answer, 'the answer to a 10 MB body').finally(() => connection.socket.destroy());
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body).error).toMatchObject({ code: 'validation_error', details: { body: expect.stringMatching(/1 MB/) } });
    expect((await row(post.id)).poll).toBeNull();
  });

  it("another member's post is 404; a published post is 409; a post with an image is 422 unprocessable saying why", async () => {
    const bobs = await createTestPost(api.runtime, bob.memberId);
    expect((await patch(bobs.id, { poll: POLL }).expect(404)).body.error.code).toBe('not_found');

    const published = await createTestPost(api.runtime, ada.memberId, { status: 'published', publishedAt: new Date() });
    expect((await patch(published.id, { poll: POLL }).expect(409)).body.error.code).toBe('conflict');
    expect((await patch(published.id, { poll: null }).expect(409)).body.error.code).toBe('conflict');

    const { post, imageUrl } = await postWithCandidate();
    await api.http.post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_index: 0, use_overlay: false }).expect(200);
    const refused = await patch(post.id, { poll: POLL }).expect(422);
    expect(refused.body.error).toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(/has an image.*poll.*without an image/),
      details: { poll: expect.any(String) },
    });
    expect((await row(post.id)).imageUrl).toBe(imageUrl);
    // Removing a poll the post does not have is no change at all, even with an image.
    expect((await patch(post.id, { poll: null }).expect(200)).body.post).toMatchObject({ format: 'image', image_url: imageUrl, poll: null });
  });

  it('a post with a poll takes no media: select-image, PATCH images, image generation and uploads are 422 unprocessable; poll with images in one PATCH is a validation_error', async () => {
    const { post, imageUrl } = await postWithCandidate();
    await patch(post.id, { poll: POLL }).expect(200);
    const refusals = [
      await api.http.post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_index: 0, use_overlay: false }),
      await patch(post.id, { images: [{ image_url: imageUrl }] }),
      await api.http.post(`/posts/${post.id}/images`).set('Authorization', ada.auth).send({}),
      await api.http.post(`/posts/${post.id}/images/upload`).set('Authorization', ada.auth).send({ image_url: 'https://example.com/picture.png' }),
      await api.http
        .post(`/posts/${post.id}/images/upload`)
        .set('Authorization', ada.auth)
        .attach('file', await png(10, 10), 'picture.png'),
    ];
    for (const answer of refusals) {
      expect([answer.status, answer.body.error.code]).toEqual([422, 'unprocessable']);
      expect(answer.body.error.message).toMatch(/a post with a poll: LinkedIn publishes a poll without an image, document or video/);
    }
    const both = await patch(post.id, { poll: null, images: [{ image_url: imageUrl }] }).expect(422);
    expect(both.body.error).toMatchObject({ code: 'validation_error', details: { poll: expect.stringMatching(/images/) } });
    const after = await row(post.id);
    expect([after.format, after.imageUrl, after.status]).toEqual(['poll', null, 'draft_saved']);
    // Without its poll, the post takes the image again.
    await patch(post.id, { poll: null }).expect(200);
    expect((await api.http.post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_index: 0, use_overlay: false }).expect(200)).body.post.format).toBe(
      'image',
    );
  });

  it('a poll and an image asked for at the same moment: exactly one wins, the other is 422 — never a poll beside an image', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { post } = await postWithCandidate();
      const [poll, select] = await Promise.all([
        patch(post.id, { poll: POLL }),
        api.http.post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_index: 0, use_overlay: false }),
      ]);
      const after = await row(post.id);
      expect([poll.status, select.status].sort()).toEqual([200, 422]);
      if (poll.status === 200) expect([after.format, after.imageUrl]).toEqual(['poll', null]);
      else expect([after.format, after.poll]).toEqual(['image', null]);
    }
  });

  it('two polls written at the same moment both answer 200 and the post holds one of them whole', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const other = { question: 'Coffee or tea?', options: ['Coffee', 'Tea'], duration_days: 14 };
    const answers = await Promise.all([patch(post.id, { poll: POLL }), patch(post.id, { poll: other })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = (await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth).expect(200)).body.post.poll;
    expect([POLL, other]).toContainEqual(stored);
  });
});
