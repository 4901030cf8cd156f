import { generateApiKey } from '@lps/crypto';
import { insertApiKey } from '@lps/db';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// POST /posts/{id}/preview (the studio's editor): the preview of GET /posts/{id}/preview for the text
// being typed, nothing saved. The proof that it is "the same preview": for every body, it equals what
// GET answers once PATCH has saved that body. Every answer is checked against the served OpenAPI document.

let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(api.runtime, { displayName: 'Bob' });
});
afterAll(async () => api.stop());

const propose = (id: string, body?: object, auth = ada.auth) => {
  const request = api.http.post(`/posts/${id}/preview`).set('Authorization', auth);
  return body === undefined ? request : request.send(body);
};
const saved = async (id: string) => (await api.http.get(`/posts/${id}/preview`).set('Authorization', ada.auth).expect(200)).body.preview;

const BODIES = [
  'Shipping #TypeScript with @[Ada (L_)](urn:li:person:abc-1) & C# {not a tag} *bold*?',
  'Line one\nline two\n\nline four after a blank\n#1 is a rank, #node.js tags node',
  '   padded text with a link https://example.test/page, and more   ',
  '👩‍👩‍👧 family \u202Eright-to-left\u202C <script>alert(1)</script> \\ | { } @ [ ] ( ) < > # * _ ~',
  'x'.repeat(3000),
];

describe('POST /posts/{id}/preview', () => {
  it.each(BODIES.map((body, index) => [index, body]))('body %i: previews exactly what GET shows once PATCH has saved it', async (_index, body) => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: 'The saved text' });
    const proposed = (await propose(post.id, { body }).expect(200)).body.preview;
    await api.http.patch(`/posts/${post.id}`).set('Authorization', ada.auth).send({ body }).expect(200);
    expect(proposed).toEqual(await saved(post.id));
  });

  it('saves nothing: the post, its card and its version are as they were', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: 'Kept as it is' });
    const before = await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
    const proposed = (await propose(post.id, { body: 'Something else https://other.test/', poll: { question: 'Which?', options: ['A', 'B'] } }).expect(200)).body.preview;
    expect(proposed.text).toBe('Something else https://other.test/');
    expect(await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).toEqual(before);
  });

  it('without a body, or with {}, is the saved preview', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: 'Saved #words' });
    expect((await propose(post.id).expect(200)).body.preview).toEqual(await saved(post.id));
    expect((await propose(post.id, {}).expect(200)).body.preview).toEqual(await saved(post.id));
  });

  it('counts past the limit while the member types, saying by how much to shorten', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const long = (await propose(post.id, { body: `${'a#b '.repeat(900)}end` }).expect(200)).body.preview;
    expect(long.over_limit).toBe(true);
    expect(long.characters).toBeGreaterThan(3000);
    expect(long.warnings[0]).toMatch(/shorten it by [\d,]+/);
    const empty = (await propose(post.id, { body: '   ' }).expect(200)).body.preview;
    expect([empty.commentary, empty.warnings[0]]).toEqual(['', 'The post has no text: publishing it would fail.']);
  });

  it("shows the card of the proposed text's first link, still to be read, and the poll as proposed", async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: 'No link yet' });
    const linked = (await propose(post.id, { body: 'Read https://example.test/a-page today' }).expect(200)).body.preview;
    expect(linked.link).toMatchObject({ url: 'https://example.test/a-page', status: 'pending', shown: true });
    expect(linked.warnings.some((warning: string) => warning.includes('still being read'))).toBe(true);
    const polled = (await propose(post.id, { poll: { question: ' Which one? ', options: ['This', 'That'] } }).expect(200)).body.preview;
    expect(polled.poll).toEqual({ question: 'Which one?', options: ['This', 'That'], duration_days: 7 });
    const pollPost = await createTestPost(api.runtime, ada.memberId, { format: 'poll', poll: { question: 'Q?', options: ['a', 'b'], duration_days: 3 } });
    expect((await propose(pollPost.id, { poll: null }).expect(200)).body.preview.poll).toBeNull();
  });

  it('refuses a poll beside media as PATCH does (422 unprocessable)', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, {
      format: 'image',
      imageUrl: 'https://files.example.test/a.png',
      images: [{ image_url: 'https://files.example.test/a.png', alt_text: null }],
    });
    const refused = await propose(post.id, { poll: { question: 'Q?', options: ['a', 'b'] } });
    expect([refused.status, refused.body.error.code, Object.keys(refused.body.error.details)]).toEqual([422, 'unprocessable', ['poll']]);
  });

  it.each([
    ['a body over 10,000 characters', { body: 'x'.repeat(10_001) }, 'body'],
    ['a number for a body', { body: 42 }, 'body'],
    ['a NUL in the body', { body: 'a\u0000b' }, 'body'],
    ['a lone surrogate', { body: 'a\ud800b' }, 'body'],
    ['an unknown field', { body: 'x', status: 'published' }, 'status'],
    ['a poll with one option', { poll: { question: 'Q?', options: ['only'] } }, 'poll.options'],
    ['a poll option on two lines', { poll: { question: 'Q?', options: ['a\nb', 'c'] } }, 'poll.options.0'],
  ])('%s is 422 validation_error', async (_what, body, field) => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const answer = await propose(post.id, body);
    expect([answer.status, answer.body.error.code, Object.keys(answer.body.error.details ?? {})]).toEqual([422, 'validation_error', [field]]);
  });

  it("another member's post and a missing one are 404; an id that is not a UUID is 422", async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    expect((await propose(post.id, { body: 'mine?' }, bob.auth)).status).toBe(404);
    expect((await propose('00000000-0000-4000-8000-000000000000', { body: 'x' })).status).toBe(404);
    expect((await propose('not-a-uuid', { body: 'x' })).status).toBe(422);
  });

  it('is a read: a read_only key may preview, in the default rate-limit bucket', async () => {
    const key = generateApiKey();
    await insertApiKey(api.runtime.db, { memberId: ada.memberId, keyHash: key.keyHash, last4: key.last4, scope: 'read_only' });
    const post = await createTestPost(api.runtime, ada.memberId);
    const answer = await propose(post.id, { body: 'Read only' }, `Bearer ${key.apiKey}`).expect(200);
    expect(answer.headers['x-ratelimit-limit']).toBe('100000');
  });

  it('answers previews typed in quick succession, each for its own text', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const texts = Array.from({ length: 20 }, (_, i) => `Draft ${'word '.repeat(i)}#tag${i}`);
    const previews = await Promise.all(texts.map((body) => propose(post.id, { body }).expect(200)));
    expect(previews.map((answer) => answer.body.preview.text)).toEqual(texts.map((text) => text.trim()));
  });
});
