import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import type { RunningService } from '@lps/runtime';
import { startResearchService } from '@lps/research';
import { createTestMember, createTestPost, hugePng, startLoopbackServer, waitFor, type LoopbackServer, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from '../../api/test/support/api-harness.js';

// Link cards (decision 0017) from the member's side: PATCH a body with a link, GET the post until its
// link_preview is read. Pages are real HTTP servers on loopback (LPS_ALLOW_PRIVATE_URLS=1 here; the last
// block runs without it). Hostile pages: huge, dripping, lying about their charset, NUL bytes in meta tags,
// images that are too large, not images, or decompression bombs.
let pages: LoopbackServer;
let api: TestApi;
let worker: RunningService;
let ada: TestMember;
let bob: TestMember;
/** Bytes each huge or dripping page managed to send before the reader hung up. */
const sent = new Map<string, number>();

const html = (head: string, body = '<p>text</p>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const send = (res: ServerResponse, type: string, body: string | Buffer): void => void res.writeHead(200, { 'content-type': type }).end(body);

async function streamForever(req: IncomingMessage, res: ServerResponse, name: string, first: string, chunk: Buffer, everyMs: number) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.write(first);
  let total = first.length;
  let open = true;
  req.socket.on('close', () => {
    open = false;
    sent.set(name, total);
  });
  while (open && total < 200 * 1024 * 1024) {
    const more = res.write(chunk);
    total += chunk.length;
    if (!more) await new Promise((resolve) => res.once('drain', resolve));
    if (everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

let wide: Buffer;
let bomb: Buffer;

beforeAll(async () => {
  wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  bomb = await hugePng(16_000, 16_000);
  pages = await startLoopbackServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const here = `http://127.0.0.1:${pages.port}`;
    switch (path) {
      case '/og':
        return send(
          res,
          'text/html',
          html(
            `<title>HTML title</title><meta property="og:title" content="Trunk-based development, a year on"><meta property="og:description" content="What changed &amp; what didn&#39;t."><meta property="og:image" content="/wide.png"><meta property="og:site_name" content="Eng Blog">`,
          ),
        );
      case '/twitter':
        return send(
          res,
          'text/html',
          html(`<meta name="twitter:title" content="Card title"><meta name="twitter:description" content="Card text"><meta name="twitter:image" content="${here}/wide.png">`),
        );
      case '/plain':
        return send(res, 'text/html', html('<title>  Just a   title </title>'));
      case '/bare':
        return send(res, 'text/html', '<html><body>nothing here</body></html>');
      case '/pdf':
        return send(res, 'application/pdf', '%PDF-1.7');
      case '/missing':
        return void res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
      case '/huge':
        // A title at once, then filler for ever and no </head>: the reader stops at its byte limit.
        return streamForever(req, res, 'huge', '<html><head><title>Huge page</title><!--', Buffer.alloc(64 * 1024, 'x'), 0);
      case '/drip':
        // The head's meta tag at once, then one byte every 100 ms: the reader stops at its time limit.
        return streamForever(req, res, 'drip', '<html><head><meta property="og:title" content="Slow page">', Buffer.from(' '), 100);
      case '/silent':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.flushHeaders();
      case '/mute':
        // Not even a status line.
        return;
      case '/latin1':
        return send(
          res,
          'text/html; charset=windows-1252',
          Buffer.concat([
            Buffer.from('<html><head><meta property="og:title" content="Caf'),
            Buffer.from([0xe9]),
            Buffer.from(' cr'),
            Buffer.from([0xe8]),
            Buffer.from('me"></head></html>'),
          ]),
        );
      case '/sjis':
        return send(
          res,
          'text/html',
          Buffer.concat([Buffer.from('<html><head><meta charset="shift_jis"><title>'), Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]), Buffer.from('</title></head></html>')]),
        );
      case '/utf7':
        // UTF-7 would turn "+ADw-script+AD4-" into "<script>": not a charset we decode.
        return send(res, 'text/html', '<html><head><meta charset="utf-7"><title>+ADw-script+AD4-hi</title></head></html>');
      case '/utf16':
        return send(res, 'text/html', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><head><title>Wide title</title></head></html>', 'utf16le')]));
      case '/nul':
        return send(res, 'text/html', html('<meta property="og:title" content="Hello\u0000 World\u202E evil"><meta property="og:description" content="\u0000\u0000">'));
      case '/big-image':
        return send(res, 'text/html', html(`<meta property="og:title" content="Big image"><meta property="og:image" content="${here}/six-mb.png">`));
      case '/six-mb.png':
        return send(res, 'image/png', Buffer.concat([wide, Buffer.alloc(6 * 1024 * 1024)]));
      case '/fake-image':
        return send(res, 'text/html', html('<meta property="og:title" content="Fake image"><meta property="og:image" content="/not-a.png">'));
      case '/not-a.png':
        return send(res, 'image/png', html('<title>I am HTML</title>'));
      case '/svg-image':
        return send(res, 'text/html', html('<meta property="og:title" content="SVG image"><meta property="og:image" content="/pic.svg">'));
      case '/pic.svg':
        return send(res, 'image/png', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="http://169.254.169.254/x"/></svg>');
      case '/bomb':
        return send(res, 'text/html', html('<meta property="og:title" content="Bomb"><meta property="og:image" content="/bomb.png">'));
      case '/bomb.png':
        return send(res, 'image/png', bomb);
      case '/wide.png':
        return send(res, 'image/png', wide);
      default:
        return void res.writeHead(404).end();
    }
  });
  // The image service makes the pages' images thumbnails (the research worker decodes no pixels).
  api = await startTestApi({ LPS_ALLOW_PRIVATE_URLS: '1', LPS_LINK_PREVIEW_TIMEOUT: '1s' }, undefined, { imageService: true });
  worker = await startResearchService(api.runtime);
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(api.runtime, { displayName: 'Bob' });
});
afterAll(async () => {
  await worker.stop();
  await api.stop();
  await pages.close();
});

const page = (path: string) => `http://127.0.0.1:${pages.port}${path}`;
const patch = (member: TestMember, id: string, body: unknown) =>
  api.http
    .patch(`/posts/${id}`)
    .set('Authorization', member.auth)
    .send(body as object);
const get = (member: TestMember, id: string) => api.http.get(`/posts/${id}`).set('Authorization', member.auth);

/** A post whose body links to `url`, saved through PATCH; its card once the page is read. */
async function cardOf(url: string, member = ada) {
  const post = await createTestPost(api.runtime, member.memberId);
  const saved = await patch(member, post.id, { body: `Worth reading: ${url}. What do you think?` }).expect(200);
  expect(saved.body.post.link_preview).toMatchObject({ url, status: 'pending', enabled: true, title: null });
  const card = await waitFor(
    async () => {
      const current = (await get(member, post.id).expect(200)).body.post.link_preview;
      return current.status === 'pending' ? undefined : current;
    },
    { timeoutMs: 20_000, what: `the card of ${url}` },
  );
  return { post, card };
}

describe('a link in the body becomes a card', () => {
  it('Open Graph title, description, site name and image; the image stored as a JPEG of at most 1200 px, served to the member', async () => {
    const { card } = await cardOf(page('/og'));
    expect(card).toMatchObject({
      status: 'ready',
      title: 'Trunk-based development, a year on',
      description: "What changed & what didn't.",
      site_name: 'Eng Blog',
      note: null,
      edited: false,
    });
    // Served by the API (decision 0010), as every file this service stores.
    const image = await fetch(`${api.baseUrl.replace('/api/v1', '')}${new URL(card.image_url).pathname}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 600]);
  });

  it('Twitter card tags when there is no Open Graph', async () => {
    const { card } = await cardOf(page('/twitter'));
    expect(card).toMatchObject({ status: 'ready', title: 'Card title', description: 'Card text', image_url: expect.stringMatching(/^http/) });
  });

  it.each([
    ['its <title> when it has no metadata', '/plain', 'Just a title'],
    ['its address when it has no title either', '/bare', `127.0.0.1/bare`],
    ['its address for a link that is not a page (a PDF)', '/pdf', '127.0.0.1/pdf'],
  ])('%s', async (_what, path, title) => {
    const { card } = await cardOf(page(path));
    expect(card).toMatchObject({ status: 'ready', title, description: null, image_url: null });
  });

  it('a body without a link has no card; www. links and trailing punctuation are read as a person means them', async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    expect((await patch(ada, post.id, { body: 'No link here, just words.' }).expect(200)).body.post.link_preview).toBeNull();
    const linked = await patch(ada, post.id, { body: `See (${page('/plain')}).` }).expect(200);
    expect(linked.body.post.link_preview.url).toBe(page('/plain'));
    const www = await patch(ada, post.id, { body: 'Read www.example.test/guide!' }).expect(200);
    expect(www.body.post.link_preview.url).toBe('https://www.example.test/guide');
  });
});

describe('hostile pages', () => {
  it('a huge page is read up to the byte limit and dropped: the card has its title', async () => {
    const { card } = await cardOf(page('/huge'));
    expect(card).toMatchObject({ status: 'ready', title: 'Huge page' });
    await waitFor(() => sent.has('huge') || undefined, { what: 'the huge page to be dropped' });
    expect(sent.get('huge')).toBeLessThan(16 * 1024 * 1024);
  });

  it('a page that drips bytes is cut at the time limit with what it sent', async () => {
    const { card } = await cardOf(page('/drip'));
    expect(card).toMatchObject({ status: 'ready', title: 'Slow page' });
  });

  it('a page that sends nothing after its head is cut at the time limit: a card with its address, and a note', async () => {
    const { card } = await cardOf(page('/silent'));
    expect(card).toMatchObject({ status: 'ready', title: '127.0.0.1/silent', note: expect.stringContaining('only the start of the page') });
  });

  it.each([
    ['a charset in the Content-Type header (windows-1252)', '/latin1', 'Café crème'],
    ['a <meta charset> (Shift_JIS)', '/sjis', '日本語'],
    ['a UTF-16 byte order mark', '/utf16', 'Wide title'],
    ['a charset we refuse to decode (UTF-7): read as UTF-8, nothing turned into markup', '/utf7', '+ADw-script+AD4-hi'],
    ['NUL bytes and a direction override in a meta tag: removed', '/nul', 'Hello World evil'],
  ])('%s', async (_what, path, title) => {
    const { card } = await cardOf(page(path));
    expect(card.title).toBe(title);
    expect(card.description).toBeNull();
  });

  it.each([
    ['an image over 5 MB', '/big-image', 'larger than 5 MB'],
    ['an "image" that is HTML', '/fake-image', 'could not be read as a picture'],
    ['an SVG (which could name other addresses)', '/svg-image', 'not a JPEG, PNG, GIF or WebP'],
    ['a decompression bomb (16,000 × 16,000)', '/bomb', 'could not be read as a picture'],
  ])('%s: the card goes without an image, and says why', async (_what, path, why) => {
    const { card } = await cardOf(page(path));
    expect(card).toMatchObject({ status: 'ready', image_url: null, note: expect.stringContaining(why) });
  });

  it.each([
    ['a page that answers 404', () => page('/missing'), 'answered HTTP 404'],
    ['a server that never answers', () => page('/mute'), 'no answer within'],
    ['a server that refuses the connection', () => 'http://127.0.0.1:9/closed', 'refused the connection'],
  ])('%s: unavailable, published as plain text', async (_what, url, why) => {
    const { card } = await cardOf(url());
    expect(card).toMatchObject({ status: 'unavailable', title: null, image_url: null, note: expect.stringContaining(why) });
    expect(card.note).toContain('published as plain text');
  });
});

describe("the member's choices (PATCH link_preview)", () => {
  it('turn the card off and on, override title and description, choose another page, and go back', async () => {
    const { post } = await cardOf(page('/og'));
    const off = await patch(ada, post.id, { link_preview: { enabled: false } }).expect(200);
    expect(off.body.post.link_preview).toMatchObject({ enabled: false, title: 'Trunk-based development, a year on' });
    const mine = await patch(ada, post.id, { link_preview: { enabled: true, title: '  My words  ', description: 'Mine too' } }).expect(200);
    expect(mine.body.post.link_preview).toMatchObject({ enabled: true, title: 'My words', description: 'Mine too', edited: true });
    const back = await patch(ada, post.id, { link_preview: { title: null, description: null } }).expect(200);
    expect(back.body.post.link_preview).toMatchObject({ title: 'Trunk-based development, a year on', edited: false });

    const other = await patch(ada, post.id, { link_preview: { url: page('/plain') } }).expect(200);
    expect(other.body.post.link_preview).toMatchObject({ url: page('/plain'), status: 'pending', edited: true });
    await waitFor(async () => (await get(ada, post.id)).body.post.link_preview.title === 'Just a title' || undefined, { what: 'the chosen page read' });
    const bodyLink = await patch(ada, post.id, { link_preview: { url: null } }).expect(200);
    expect(bodyLink.body.post.link_preview).toMatchObject({ url: page('/og'), status: 'pending' });
  });

  it('editing the body keeps the card when the link stays, reads the new page when it changes', async () => {
    const { post, card } = await cardOf(page('/plain'));
    const same = await patch(ada, post.id, { body: `New words, same link ${page('/plain')}` }).expect(200);
    expect(same.body.post.link_preview).toEqual(card);
    const moved = await patch(ada, post.id, { body: `Now ${page('/twitter')}` }).expect(200);
    expect(moved.body.post.link_preview).toMatchObject({ url: page('/twitter'), status: 'pending' });
  });

  it.each([
    ['an empty object', { link_preview: {} }],
    ['neither body nor link_preview', {}],
    ['a javascript: URL', { link_preview: { url: 'javascript:alert(1)' } }],
    ['a URL with credentials', { link_preview: { url: 'https://user:pw@example.test/' } }],
    ['a URL over 2,048 characters', { link_preview: { url: `https://example.test/${'a'.repeat(2050)}` } }],
    ['a title over 300 characters', { link_preview: { title: 't'.repeat(301) } }],
    ['a NUL byte in the title', { link_preview: { title: 'a\u0000b' } }],
    ['enabled as a string', { link_preview: { enabled: 'no' } }],
    ['an unknown field', { link_preview: { image_url: 'https://example.test/x.png' } }],
    ['link_preview null', { link_preview: null }],
  ])('%s is 422 validation_error', async (_what, body) => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: `Link ${page('/plain')}` });
    const response = await patch(ada, post.id, body);
    expect([response.status, response.body.error.code]).toEqual([422, 'validation_error']);
  });

  it("choices for a post without any link are 422 unprocessable; another member's post is 404; a published post 409", async () => {
    const plain = await createTestPost(api.runtime, ada.memberId, { body: 'no link at all' });
    const none = await patch(ada, plain.id, { link_preview: { title: 'x' } });
    expect([none.status, none.body.error.code]).toEqual([422, 'unprocessable']);
    const bobs = await createTestPost(api.runtime, bob.memberId, { body: `Bob's ${page('/plain')}` });
    expect((await patch(ada, bobs.id, { link_preview: { enabled: false } })).status).toBe(404);
    const published = await createTestPost(api.runtime, ada.memberId, { status: 'published' });
    expect((await patch(ada, published.id, { link_preview: { enabled: false } })).status).toBe(409);
  });
});

describe('without LPS_ALLOW_PRIVATE_URLS', () => {
  it('the guard refuses a link to a private address (loopback here): unavailable, the page never reached', async () => {
    const guarded = await startTestApi({ LPS_LINK_PREVIEW_TIMEOUT: '1s' });
    const guardedWorker = await startResearchService(guarded.runtime);
    try {
      const member = await createTestMember(guarded.runtime);
      const post = await createTestPost(guarded.runtime, member.memberId);
      let reached = 0;
      const spy = await startLoopbackServer((_req, res) => {
        reached += 1;
        send(res, 'text/html', html('<title>secret</title>'));
      });
      await guarded.http
        .patch(`/posts/${post.id}`)
        .set('Authorization', member.auth)
        .send({ body: `Internal ${spy.url}/admin` })
        .expect(200);
      const card = await waitFor(
        async () => {
          const current = (await guarded.http.get(`/posts/${post.id}`).set('Authorization', member.auth)).body.post.link_preview;
          return current.status === 'pending' ? undefined : current;
        },
        { what: 'the refused card' },
      );
      expect(card).toMatchObject({ status: 'unavailable', title: null, note: expect.stringContaining('private or local address') });
      expect(reached).toBe(0);
      await spy.close();
    } finally {
      await guardedWorker.stop();
      await guarded.stop();
    }
  });
});
