import type { LinkPage, LinkPreviewChoices, StoredLinkPreview } from '@lps/db';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// GET /posts/{id}/preview from the member's side (decision 0032): what LinkedIn will receive and
// show, counted as LinkedIn counts it, with warnings in words. Every answer is checked against the
// served OpenAPI document by the harness.
let api: TestApi;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(api.runtime, { displayName: 'Bob' });
});
afterAll(async () => api.stop());

const preview = async (id: string, auth = ada.auth) => (await api.http.get(`/posts/${id}/preview`).set('Authorization', auth).expect(200)).body.preview;
const previewOf = async (body: string, fields: Parameters<typeof createTestPost>[2] = {}) => preview((await createTestPost(api.runtime, ada.memberId, { body, ...fields })).id);

describe('the commentary', () => {
  it('is the little text publishing sends: hashtags and mentions as LinkedIn elements, every other reserved character escaped', async () => {
    const body = 'Shipping #TypeScript with @[Ada (L_)](urn:li:person:abc-1) & C# {not a tag} *bold*?\n\nsee https://x.test/#part ＃旅行';
    const shown = await previewOf(body);
    expect(shown.commentary).toBe(
      'Shipping {hashtag|\\#|TypeScript} with @[Ada \\(L\\_\\)](urn:li:person:abc-1) & C\\# \\{not a tag\\} \\*bold\\*?\n\nsee https://x.test/\\#part {hashtag|＃|旅行}',
    );
    expect(shown).toMatchObject({
      characters: shown.commentary.length,
      limit: 3000,
      over_limit: false,
      text: 'Shipping #TypeScript with Ada (L_) & C# {not a tag} *bold*?\n\nsee https://x.test/#part ＃旅行',
      hashtags: ['#TypeScript', '＃旅行'],
      mentions: [{ name: 'Ada (L_)', urn: 'urn:li:person:abc-1' }],
      fold: { lines: 3, lines_when_third_is_blank: 2 },
      link: null,
      media: [],
      poll: null,
    });
    expect(shown.warnings).toEqual([expect.stringMatching(/^Mentions cannot be checked before publishing/)]);
  });

  it('counts UTF-16 code units of the text as sent: an emoji is 2, each escape adds 1, a hashtag its markup', async () => {
    const shown = await previewOf('👍 a_b #ai');
    // 👍 (2) + " a\_b " (6) + "{hashtag|\#|ai}" (15)
    expect([shown.commentary, shown.characters]).toEqual(['👍 a\\_b {hashtag|\\#|ai}', 23]);
    expect(shown.text).toBe('👍 a_b #ai');
  });

  it('a body of exactly 3,000 plain characters is at the limit, not over it', async () => {
    const shown = await previewOf('x'.repeat(3000));
    expect([shown.characters, shown.over_limit, shown.warnings]).toEqual([3000, false, []]);
  });

  it('a body of 2,999 characters whose escapes take it past 3,000 is over the limit, and the warning says by how much', async () => {
    const body = `${'x'.repeat(2991)} (a) #ai`; // 2,999 characters; sent: 2,991 + " \(a\) " (7) + "{hashtag|\#|ai}" (15) = 3,013
    expect(body.length).toBe(2999);
    const shown = await previewOf(body);
    expect([shown.characters, shown.over_limit]).toEqual([3013, true]);
    expect(shown.warnings).toEqual([expect.stringMatching(/3,013 characters as LinkedIn counts them.*over LinkedIn's 3,000: shorten it by 13/)]);
  });

  it('says in words what looks like a hashtag or a mention but will not be one, and leaves deliberate text alone', async () => {
    const shown = await previewOf('# weekend plans, #!, #2024 and #node.js; @ada said so, and @[Ada](https://example.test/ada). C# at issue#4, ada@example.com, we are #1?');
    expect(shown.hashtags).toEqual(['#node']);
    expect(shown.mentions).toEqual([]);
    expect(shown.warnings).toEqual([
      expect.stringMatching(/^“# weekend” will not become a hashtag: a hashtag has no space after the #; write “#weekend”/),
      expect.stringMatching(/^“#!,” stays text: a hashtag is a # followed by letters or digits/),
      expect.stringMatching(/^“#2024” stays text: a hashtag needs at least one letter/),
      expect.stringMatching(/^“#node.js;” becomes the hashtag #node: .*\(here “\.”\)/),
      expect.stringMatching(/^“@ada” stays text: LinkedIn cannot look a member up by handle/),
      expect.stringMatching(/^“@\[Ada\]\(https:\/\/example.test\/ada\)” stays text: a mention is written @\[Name\]\(urn:li:person:<id>\)/),
      expect.stringMatching(/^“#1\?” stays text: a hashtag needs at least one letter/),
    ]);
  });

  it('a post without text says publishing it would fail', async () => {
    const shown = await previewOf('   ');
    expect(shown.warnings).toContain('The post has no text: publishing it would fail.');
  });
});

describe('what goes with the text', () => {
  it('images in publishing order with their alt text; each image without one is named', async () => {
    const images = [
      { image_url: 'http://127.0.0.1/a.png', alt_text: 'A chart of deploys' },
      { image_url: 'http://127.0.0.1/b.png', alt_text: null },
      { image_url: 'http://127.0.0.1/c.png', alt_text: null },
    ];
    const shown = await previewOf('Three pictures', { format: 'image', imageUrl: images[0]?.image_url, images });
    expect(shown.media).toEqual(images.map((image) => ({ kind: 'image', url: image.image_url, alt_text: image.alt_text, title: null })));
    expect(shown.warnings).toEqual([expect.stringMatching(/^Image 2 of 3 has no alt text/), expect.stringMatching(/^Image 3 of 3 has no alt text/)]);
  });

  it("a document with the title LinkedIn shows: the file's own name, else the body's first line", async () => {
    const url = 'http://127.0.0.1/deck.pdf';
    const named = await previewOf('Our deck\nmore', {
      format: 'document',
      imageUrl: url,
      imageCandidates: [{ base_url: url, width: null, height: null, kind: 'document', source: 'upload', title: 'Quarterly review.pdf' }],
    });
    expect(named.media).toEqual([{ kind: 'document', url, alt_text: null, title: 'Quarterly review.pdf' }]);
    const unnamed = await previewOf('\nOur deck, page by page\nmore', { format: 'document', imageUrl: url });
    expect(unnamed.media[0].title).toBe('Our deck, page by page');
  });

  it('a link card: shown when ready; still being read, unreadable, or crowded out by a poll or an image, said in words', async () => {
    const page = (status: 'ready' | 'unavailable', title: string | null, note: string | null = null): LinkPage => ({
      status,
      title,
      description: null,
      image_url: null,
      site_name: null,
      note,
      fetched_at: new Date().toISOString(),
    });
    const card = (pageRead: LinkPage | null, member: LinkPreviewChoices = {}): StoredLinkPreview => ({
      url: 'https://example.test/notes',
      request_id: 'r1',
      requested_at: new Date().toISOString(),
      page: pageRead,
      member,
    });
    const body = 'Read https://example.test/notes first';

    const ready = await previewOf(body, { linkPreview: card(page('ready', 'Notes')) });
    expect(ready.link).toEqual({ url: 'https://example.test/notes', status: 'ready', title: 'Notes', description: null, image_url: null, shown: true });
    expect(ready.warnings).toEqual([]);

    const pending = await previewOf(body, { linkPreview: card(null) });
    expect(pending.link).toMatchObject({ status: 'pending', shown: true });
    expect(pending.warnings).toEqual([expect.stringMatching(/is still being read; a card not read within \d+ s of publishing is left out/)]);

    const unreadable = await previewOf(body, { linkPreview: card(page('unavailable', null, 'the page answered 404')) });
    expect(unreadable.link).toMatchObject({ status: 'unavailable', shown: false });
    expect(unreadable.warnings).toEqual([expect.stringMatching(/could not be read \(the page answered 404\): the post will go out without a link card; give the card a title/)]);
    const titled = await previewOf(body, { linkPreview: card(page('unavailable', null, 'the page answered 404'), { title: 'My notes' }) });
    expect(titled.link).toMatchObject({ title: 'My notes', shown: true });

    const off = await previewOf(body, { linkPreview: card(page('ready', 'Notes'), { enabled: false }) });
    expect([off.link.shown, off.warnings]).toEqual([false, []]);

    const poll = { question: 'Read it?', options: ['Yes', 'Later'], duration_days: 3 };
    const withPoll = await previewOf(body, { linkPreview: card(page('ready', 'Notes')), format: 'poll', poll });
    expect([withPoll.link.shown, withPoll.poll]).toEqual([false, poll]);
    expect(withPoll.warnings).toEqual([expect.stringMatching(/will not be shown: LinkedIn takes one kind of content and the post has a poll/)]);

    const withImage = await previewOf(body, {
      linkPreview: card(page('ready', 'Notes')),
      format: 'image',
      imageUrl: 'http://127.0.0.1/a.png',
      images: [{ image_url: 'http://127.0.0.1/a.png', alt_text: 'a' }],
    });
    expect(withImage.warnings).toEqual([expect.stringMatching(/will not be shown: LinkedIn takes one kind of content and the post has images/)]);
  });

  it('a poll set through PATCH is in the preview, with the commentary that goes with it', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: 'Vote #friday' });
    const poll = { question: 'Deploy on Fridays?', options: ['Yes', 'No', 'Only fixes'], duration_days: 1 };
    await api.http.patch(`/posts/${post.id}`).set('Authorization', ada.auth).send({ poll }).expect(200);
    const shown = await preview(post.id);
    expect(shown).toMatchObject({ poll, media: [], commentary: 'Vote {hashtag|\\#|friday}', hashtags: ['#friday'] });
  });
});

describe('who may read it', () => {
  it("another member's post is 404, a malformed id 422, no key 401; a published post still previews", async () => {
    const bobs = await createTestPost(api.runtime, bob.memberId);
    expect((await api.http.get(`/posts/${bobs.id}/preview`).set('Authorization', ada.auth).expect(404)).body.error.code).toBe('not_found');
    expect((await api.http.get('/posts/not-a-uuid/preview').set('Authorization', ada.auth).expect(422)).body.error.details).toHaveProperty('id');
    await api.http.get(`/posts/${bobs.id}/preview`).expect(401);
    const published = await createTestPost(api.runtime, ada.memberId, { status: 'published', publishedAt: new Date(), body: 'Out there #done' });
    expect((await preview(published.id)).commentary).toBe('Out there {hashtag|\\#|done}');
  });
});
