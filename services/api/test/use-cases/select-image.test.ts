import { overlayKeyOf } from '@lps/ai';
import { loadConfig } from '@lps/config';
import { READY_FOR_WORK, type ImageCandidate, type ImageRequest, type Post, type PostImagesChange, type PostImagesRule } from '@lps/db';
import { CallTimeoutError, type JobCalls } from '@lps/queue';
import { postRow, refusalOf } from '@lps/testing';
import type { RequestScope } from '../../src/domain/request-scope.js';
import type { OutsideClients } from '../../src/outside-clients.js';
import { replaceImages } from '../../src/domain/images/reorder-images.js';
import { selectImage } from '../../src/domain/images/select-image.js';

// selectImage and replaceImages (PATCH images) with their repository functions, the image
// service's calls and the file storage in memory: which image a choice names, when it is
// refused, and the compare-and-set of decision 0022, without PostgreSQL, Redis or a worker
// (the journeys through them are in images-flow.test.ts and images-several.test.ts).

const config = loadConfig({ NODE_ENV: 'test' });
const MEMBER = 'member-1';
const FILES = 'https://files.example/';
const candidate = (name: string, fields: Partial<ImageCandidate> = {}): ImageCandidate => ({
  base_url: `${FILES}${MEMBER}/post-1/${name}`,
  width: 1200,
  height: 627,
  kind: 'image',
  source: 'generated',
  ...fields,
});
const CANDIDATES = [
  candidate('render-0.png', { alt_text: 'A desk by a window' }),
  candidate('render-1.png', { alt_text: 'A whiteboard' }),
  candidate('carousel.pdf', { kind: 'document', width: null, height: null, title: 'Carousel' }),
];
const post = (fields: Partial<Post> = {}) =>
  postRow({ id: 'post-1', memberId: MEMBER, status: 'draft_saved', body: 'Ship small changes.\nThey are easy to review.', imageCandidates: CANDIDATES, ...fields });

interface Options {
  /** The post as the database holds it when the request starts. */
  stored: Post;
  /** The post as a read after the first answers it (another request changed it meanwhile). */
  meanwhile?: Post;
  /** The compare-and-set's answer: the post written, or null when the images changed meanwhile. */
  written?: (change: PostImagesChange) => Post | null;
  /** The image service's answer to draw-overlay, or its failure. */
  drawn?: () => Promise<{ outcome: 'drawn'; image_url: string }>;
  /** Whether abandoning the call wins over the service's completion, and what the service had stored if not. */
  abandoned?: boolean;
  storedResult?: unknown;
  /** Overlay files already in storage. */
  files?: string[];
}

/** The use cases' declared needs, each in memory, and what they were asked to do. */
function depsWith(options: Options) {
  const writes: { change: PostImagesChange; rule: PostImagesRule }[] = [];
  const calls: { name: string; payload: unknown }[] = [];
  const abandons: string[] = [];
  const files = new Set(options.files ?? []);
  const request = { id: 'req-1', log: { warn: () => undefined, error: () => undefined } } as unknown as RequestScope;
  const storage = {
    keyFromUrl: (url: string) => (url.startsWith(FILES) ? url.slice(FILES.length) : null),
    urlFor: (key: string) => `${FILES}${key}`,
    exists: async (key: string) => files.has(key),
    delete: async (key: string) => void files.delete(key),
  };
  let reads = 0;
  const deps = {
    repos: {
      readOwnedPost: async (memberId: string, id: string) => {
        const current = reads++ > 0 && options.meanwhile ? options.meanwhile : options.stored;
        return current.id === id && current.memberId === memberId ? current : null;
      },
      replacePostImages: async (_id: string, _seen: Pick<Post, 'imageUrl' | 'format' | 'images'>, change: PostImagesChange, rule: PostImagesRule) => {
        writes.push({ change, rule });
        const written = options.written ?? ((next: PostImagesChange) => ({ ...options.stored, imageUrl: next.imageUrl, format: next.format, images: next.images }));
        return written(change);
      },
      createImageCallRequest: async (data: { postId: string; memberId: string }) => ({ id: 'image-request-1', ...data }) as ImageRequest,
      abandonImageCall: async (id: string) => (abandons.push(id), options.abandoned ?? true),
      findImageRequest: async (id: string) => ({ id, result: options.storedResult ?? null }) as ImageRequest,
    },
    calls: {
      call: async (name: string, payload: unknown) => {
        calls.push({ name, payload });
        if (!options.drawn) throw new Error('no image service in this test');
        return options.drawn();
      },
    } as unknown as JobCalls,
    config,
    request,
    clients: { storage } as unknown as OutsideClients,
  };
  return { deps, writes, calls, abandons };
}

const refusal = refusalOf;

describe('selectImage, with its repositories and the image service in memory', () => {
  it('makes the candidate at image_index the post’s one image, with its own alt text, and approves a draft', async () => {
    const { deps, writes, calls } = depsWith({ stored: post() });
    await selectImage(deps, MEMBER, 'post-1', { image_index: 1, use_overlay: false });
    const url = CANDIDATES[1]?.base_url ?? '';
    expect(writes).toEqual([
      {
        change: { imageUrl: url, format: 'image', images: [{ image_url: url, alt_text: 'A whiteboard' }], approve: true },
        rule: { allowedFrom: READY_FOR_WORK, notWhilePublishing: false },
      },
    ]);
    expect(calls).toEqual([]);
  });

  it('takes a document as the post’s format, with no list of images', async () => {
    const { deps, writes } = depsWith({ stored: post() });
    await selectImage(deps, MEMBER, 'post-1', { image_index: 2 });
    expect(writes.map(({ change }) => change)).toEqual([{ imageUrl: CANDIDATES[2]?.base_url, format: 'document', images: null, approve: true }]);
  });

  it('refuses an index out of range, a document among several images and one image twice (422 on the field), writing nothing', async () => {
    const cases = [
      { input: { image_index: 3 }, field: 'image_index' },
      { input: { images: [{ image_index: 0 }, { image_index: 2 }] }, field: 'images.1' },
      { input: { images: [{ image_index: 0 }, { image_url: CANDIDATES[0]?.base_url ?? '' }] }, field: 'images.1' },
      { input: { image_url: `${FILES}elsewhere.png` }, field: 'image_url' },
    ];
    for (const { input, field } of cases) {
      const { deps, writes } = depsWith({ stored: post() });
      const refused = await refusal(selectImage(deps, MEMBER, 'post-1', input));
      expect([refused?.status, Object.keys(refused?.details ?? {})]).toEqual([422, [field]]);
      expect(writes).toEqual([]);
    }
  });

  it('answers 409 for a post generating images or published, 404 for another member’s', async () => {
    const cases = [
      { stored: post({ status: 'generating_images' }), status: 409 },
      { stored: post({ status: 'published' }), status: 409 },
      { stored: post({ memberId: 'member-2' }), status: 404 },
    ];
    for (const { stored, status } of cases) {
      const { deps, writes } = depsWith({ stored });
      expect((await refusal(selectImage(deps, MEMBER, 'post-1', { image_index: 0 })))?.status).toBe(status);
      expect(writes).toEqual([]);
    }
  });

  it('has the image service draw the hook over the first image, and says the words in the alt text', async () => {
    const drawnUrl = `${FILES}${MEMBER}/post-1/overlay-abc.png`;
    const { deps, writes, calls } = depsWith({ stored: post(), drawn: async () => ({ outcome: 'drawn', image_url: drawnUrl }) });
    await selectImage(deps, MEMBER, 'post-1', { images: [{ image_index: 0 }, { image_index: 1 }] });
    expect(calls).toEqual([{ name: 'draw-overlay', payload: { imageRequestId: 'image-request-1', memberId: MEMBER } }]);
    expect(writes[0]?.change.images).toEqual([
      { image_url: drawnUrl, alt_text: 'A desk by a window, with the words “Ship small changes.” over it' },
      { image_url: CANDIDATES[1]?.base_url, alt_text: 'A whiteboard' },
    ]);
  });

  it('draws nothing when the overlay of that image and hook is already stored', async () => {
    const key = overlayKeyOf({ memberId: MEMBER, id: 'post-1' }, `${MEMBER}/post-1/render-0.png`, 'Ship small changes.');
    const { deps, writes, calls } = depsWith({ stored: post(), files: [key] });
    await selectImage(deps, MEMBER, 'post-1', { image_index: 0 });
    expect(calls).toEqual([]);
    expect(writes[0]?.change.imageUrl).toBe(`${FILES}${key}`);
  });

  it('when the image service does not answer in time: abandons the call, writes nothing, and answers 503 with Retry-After', async () => {
    const { deps, writes, abandons } = depsWith({
      stored: post(),
      drawn: () => Promise.reject(new CallTimeoutError('no answer')),
    });
    const refused = await refusal(selectImage(deps, MEMBER, 'post-1', { image_index: 0 }));
    expect([refused?.status, refused?.headers?.['Retry-After']]).toEqual([503, '10']);
    expect([abandons, writes]).toEqual([['image-request-1'], []]);
  });

  it('when the service’s answer was stored before the call was abandoned: uses that answer', async () => {
    const drawnUrl = `${FILES}${MEMBER}/post-1/overlay-late.png`;
    const { deps, writes } = depsWith({
      stored: post(),
      drawn: () => Promise.reject(new CallTimeoutError('no answer')),
      abandoned: false,
      storedResult: { outcome: 'drawn', image_url: drawnUrl },
    });
    await selectImage(deps, MEMBER, 'post-1', { image_index: 0 });
    expect(writes[0]?.change.imageUrl).toBe(drawnUrl);
  });

  it('when another request changed the images first: 409, unless the post already shows exactly this choice', async () => {
    const url = CANDIDATES[1]?.base_url ?? '';
    const other = depsWith({ stored: post(), written: () => null, meanwhile: post({ imageUrl: CANDIDATES[0]?.base_url ?? '', format: 'image' }) });
    expect((await refusal(selectImage(other.deps, MEMBER, 'post-1', { image_index: 1, use_overlay: false })))?.status).toBe(409);

    const shown = post({ status: 'approved', imageUrl: url, format: 'image', images: [{ image_url: url, alt_text: 'A whiteboard' }] });
    const same = depsWith({ stored: post(), written: () => null, meanwhile: shown });
    const answer = await selectImage(same.deps, MEMBER, 'post-1', { image_index: 1, use_overlay: false });
    expect([answer.post.status, answer.post.image_url]).toEqual(['approved', url]);
  });
});

describe('replaceImages (PATCH images), with its repositories in memory', () => {
  it('writes the images in the order given, alt text set or kept, without approving, and never while publishing', async () => {
    const [first, second] = [CANDIDATES[0]?.base_url ?? '', CANDIDATES[1]?.base_url ?? ''];
    const stored = post({ imageUrl: first, format: 'image', images: [{ image_url: first, alt_text: 'Mine' }] });
    const { deps, writes } = depsWith({ stored });
    await replaceImages(deps, stored, [{ image_url: second, alt_text: '' }, { image_url: first }]);
    expect(writes).toEqual([
      {
        change: {
          imageUrl: second,
          format: 'image',
          images: [
            { image_url: second, alt_text: null },
            { image_url: first, alt_text: 'Mine' },
          ],
          approve: false,
        },
        rule: { allowedFrom: READY_FOR_WORK, notWhilePublishing: true },
      },
    ]);
  });

  it('refuses a post whose publication is in flight (409) before any write', async () => {
    const stored = post({ publishRequestedAt: new Date() });
    const { deps, writes } = depsWith({ stored });
    expect((await refusal(replaceImages(deps, stored, [{ image_url: CANDIDATES[0]?.base_url ?? '' }])))?.status).toBe(409);
    expect(writes).toEqual([]);
  });
});
