import { hookOf, overlayKeyOf, overlayKeyPrefix } from '@lps/ai';
import { loadConfig } from '@lps/config';
import type { ImageCandidate, ImageRequest, Post } from '@lps/db';
import { CallTimeoutError, type JobCalls, type Queues } from '@lps/queue';
import { inMemoryPosts, postRow, refusalOf, type InMemoryPosts } from '@lps/testing';
import type { RequestScope } from '../request-scope.js';
import type { OutsideClients } from '../../outside-clients.js';
import { editedImages } from '../posts/edit-post/edited-images.js';
import { selectImage } from './select-image.js';
import { updatePost } from '../posts/edit-post/edit-post.js';
import { PREPARED_WRITE_TRIES } from '../posts/write-post.js';

// selectImage and PATCH images with the posts table (and its row locks), the image service's
// calls and the file storage in memory: which image a choice names, when it is refused, and how
// writes of one post take turns (decision 0027) — ten selections at once all succeed, a file one
// write dropped is never shown again — without PostgreSQL, Redis or a worker (the journeys
// through them are in images-flow.test.ts, images-several.test.ts and post-writes-at-once.test.ts).

const config = loadConfig({ NODE_ENV: 'test' });
const MEMBER = 'member-1';
const FILES = 'https://files.example/';
const candidate = (name: string, fields: Partial<ImageCandidate> = {}): ImageCandidate => ({
  base_url: `${FILES}${MEMBER}/post-1/${name}`,
  width: 1200,
  height: 627,
  kind: 'image',
  source: 'upload',
  ...fields,
});
const CANDIDATES = [
  candidate('render-0.png', { alt_text: 'A desk by a window' }),
  candidate('render-1.png', { alt_text: 'A whiteboard' }),
  candidate('carousel.pdf', { kind: 'document', width: null, height: null, title: 'Carousel' }),
  ...Array.from({ length: 10 }, (_, n) => candidate(`photo-${n}.png`)),
];
const BODY = 'Ship small changes.\nThey are easy to review.';
const HOOK = hookOf({ body: BODY, idea: null }) as string;
const post = (fields: Partial<Post> = {}) => postRow({ id: 'post-1', memberId: MEMBER, status: 'draft_saved', body: BODY, imageCandidates: CANDIDATES, ...fields });
const url = (index: number) => CANDIDATES[index]?.base_url ?? '';
const keyOf = (address: string) => (address.startsWith(FILES) ? address.slice(FILES.length) : undefined);

interface Options {
  /** The image service's answer to draw-overlay; by default it draws as the real one does (the pair's key, past dropped files). */
  drawn?: (request: ImageRequest) => Promise<{ outcome: 'drawn'; image_url: string }>;
  /** Whether abandoning the call wins over the service's completion, and what the service had stored if not. */
  abandoned?: boolean;
  storedResult?: unknown;
  /** Files already in storage. */
  files?: string[];
  /** Runs when the use case asks storage whether a file exists: another request's moment to act. */
  onExists?: (key: string) => Promise<void>;
}

/** The use cases' declared needs, each in memory, and what they were asked to do. */
function depsWith(store: InMemoryPosts, options: Options = {}) {
  const calls: { name: string; payload: unknown }[] = [];
  const abandons: string[] = [];
  const files = new Set(options.files ?? []);
  const requests = new Map<string, ImageRequest>();
  const storage = {
    keyFromUrl: keyOf,
    urlFor: (key: string) => `${FILES}${key}`,
    exists: async (key: string) => {
      await options.onExists?.(key);
      return files.has(key);
    },
    delete: async (key: string) => void files.delete(key),
  };
  /** The image service as it is: the pair's key past the post's dropped files; drawn unless stored. */
  const drawLikeTheService = async (request: ImageRequest) => {
    const stored = store.rows.get(request.postId) as Post;
    const hook = hookOf({ body: stored.body, idea: stored.idea }) as string;
    const sourceKey = request.sourceKey as string;
    const key = overlayKeyOf(stored, sourceKey, hook, await store.repos.droppedFilesStartingWith(stored.id, overlayKeyPrefix(stored, sourceKey, hook)));
    files.add(key);
    return { outcome: 'drawn' as const, image_url: storage.urlFor(key) };
  };
  const deps = {
    repos: {
      ...store.repos,
      createImageCallRequest: async (data: { postId: string; memberId: string; sourceKey?: string }) => {
        const request = { id: `image-request-${requests.size + 1}`, ...data } as ImageRequest;
        requests.set(request.id, request);
        return request;
      },
      abandonImageCall: async (id: string) => (abandons.push(id), options.abandoned ?? true),
      findImageRequest: async (id: string) => ({ id, result: options.storedResult ?? null }) as ImageRequest,
    },
    calls: {
      call: async (name: string, payload: { imageRequestId: string }) => {
        calls.push({ name, payload });
        // The service answers in a later turn of the event loop, as a job would.
        await new Promise((resolve) => setImmediate(resolve));
        const request = requests.get(payload.imageRequestId) as ImageRequest;
        return (options.drawn ?? drawLikeTheService)(request);
      },
    } as unknown as JobCalls,
    config,
    queues: {} as Queues,
    request: { id: 'req-1', log: { warn: () => undefined, error: () => undefined, info: () => undefined } } as unknown as RequestScope,
    clients: { storage } as unknown as OutsideClients,
  };
  return { deps, calls, abandons, files };
}

const refusal = refusalOf;
const stored = (store: InMemoryPosts) => store.rows.get('post-1') as Post;

describe('selectImage, with the posts table and the image service in memory', () => {
  it('makes the candidate at image_index the post’s one image, with its own alt text, and approves a draft', async () => {
    const store = inMemoryPosts(post());
    const { deps, calls } = depsWith(store);
    await selectImage(deps, MEMBER, 'post-1', { image_index: 1, use_overlay: false });
    expect(store.writes.map(({ set }) => set)).toEqual([{ imageUrl: url(1), format: 'image', images: [{ image_url: url(1), alt_text: 'A whiteboard' }], status: 'approved' }]);
    expect(calls).toEqual([]);
  });

  it('takes a document as the post’s format, with no list of images', async () => {
    const store = inMemoryPosts(post());
    const { deps } = depsWith(store);
    await selectImage(deps, MEMBER, 'post-1', { image_index: 2 });
    expect([stored(store).imageUrl, stored(store).format, stored(store).images]).toEqual([url(2), 'document', null]);
  });

  it('refuses an index out of range, a document among several images and one image twice (422 on the field), writing nothing', async () => {
    const cases = [
      { input: { image_index: CANDIDATES.length }, field: 'image_index' },
      { input: { images: [{ image_index: 0 }, { image_index: 2 }] }, field: 'images.1' },
      { input: { images: [{ image_index: 0 }, { image_url: url(0) }] }, field: 'images.1' },
      { input: { image_url: `${FILES}elsewhere.png` }, field: 'image_url' },
    ];
    for (const { input, field } of cases) {
      const store = inMemoryPosts(post());
      const refused = await refusal(selectImage(depsWith(store).deps, MEMBER, 'post-1', input));
      expect([refused?.status, Object.keys(refused?.details ?? {})]).toEqual([422, [field]]);
      expect(store.writes).toEqual([]);
    }
  });

  it('answers 409 for a post generating images or published, 404 for another member’s, writing nothing', async () => {
    const cases = [
      { row: post({ status: 'generating_images' }), status: 409 },
      { row: post({ status: 'published' }), status: 409 },
      { row: post({ memberId: 'member-2' }), status: 404 },
    ];
    for (const { row, status } of cases) {
      const store = inMemoryPosts(row);
      expect((await refusal(selectImage(depsWith(store).deps, MEMBER, 'post-1', { image_index: 0 })))?.status).toBe(status);
      expect(store.writes).toEqual([]);
    }
  });

  it('has the image service draw the hook over the first image, and says the words in the alt text', async () => {
    const store = inMemoryPosts(post());
    const { deps, calls } = depsWith(store);
    await selectImage(deps, MEMBER, 'post-1', { images: [{ image_index: 0 }, { image_index: 1 }] });
    expect(calls).toEqual([{ name: 'draw-overlay', payload: { imageRequestId: 'image-request-1', memberId: MEMBER } }]);
    const key = overlayKeyOf(post(), `${MEMBER}/post-1/render-0.png`, HOOK);
    expect(stored(store).images).toEqual([
      { image_url: `${FILES}${key}`, alt_text: `A desk by a window, with the words “${HOOK}” over it` },
      { image_url: url(1), alt_text: 'A whiteboard' },
    ]);
  });

  it('draws nothing when the overlay of that image and hook is already stored', async () => {
    const key = overlayKeyOf(post(), `${MEMBER}/post-1/render-0.png`, HOOK);
    const store = inMemoryPosts(post());
    const { deps, calls } = depsWith(store, { files: [key] });
    await selectImage(deps, MEMBER, 'post-1', { image_index: 0 });
    expect([calls, stored(store).imageUrl]).toEqual([[], `${FILES}${key}`]);
  });

  it('when the image service does not answer in time: abandons the call, writes nothing, and answers 503 with Retry-After', async () => {
    const store = inMemoryPosts(post());
    const { deps, abandons } = depsWith(store, { drawn: () => Promise.reject(new CallTimeoutError('no answer')) });
    const refused = await refusal(selectImage(deps, MEMBER, 'post-1', { image_index: 0 }));
    expect([refused?.status, refused?.headers?.['Retry-After']]).toEqual([503, '10']);
    expect([abandons, store.writes]).toEqual([['image-request-1'], []]);
  });

  it('when the service’s answer was stored before the call was abandoned: uses that answer', async () => {
    const drawnUrl = `${FILES}${MEMBER}/post-1/overlay-late.png`;
    const store = inMemoryPosts(post());
    const { deps } = depsWith(store, { drawn: () => Promise.reject(new CallTimeoutError('no answer')), abandoned: false, storedResult: { outcome: 'drawn', image_url: drawnUrl } });
    await selectImage(deps, MEMBER, 'post-1', { image_index: 0 });
    expect(stored(store).imageUrl).toBe(drawnUrl);
  });
});

describe('writes of one post take turns (decision 0027)', () => {
  it('ten selections of ten images at once: all succeed, one at a time on the post, the last written stays, and only its overlay is kept', async () => {
    const store = inMemoryPosts(post());
    const { deps, files } = depsWith(store);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => selectImage(deps, MEMBER, 'post-1', { image_index: 3 + n })));
    expect(answers).toHaveLength(10);
    expect(store.mostHoldersOfOnePost()).toBe(1);
    expect(store.waited()).toBeGreaterThan(0);
    // Each answer is the post as its own write left it: its own overlay.
    const chosen = answers.map((answer) => answer.post.image_url);
    expect(new Set(chosen).size).toBe(10);
    const last = store.writes.at(-1)?.set.imageUrl;
    expect(stored(store).imageUrl).toBe(last);
    expect([...files]).toEqual([keyOf(last as string)]);
    expect(store.dropped.get('post-1')?.size).toBe(9);
  });

  it('an overlay found stored but dropped by a write that committed before this one: drawn again as the pair’s next file, never shown', async () => {
    const store = inMemoryPosts(post());
    const first = overlayKeyOf(post(), `${MEMBER}/post-1/photo-0.png`, HOOK);
    const other = depsWith(store);
    await selectImage(other.deps, MEMBER, 'post-1', { image_index: 3 });
    expect(stored(store).imageUrl).toBe(`${FILES}${first}`);
    let interleaved = false;
    const { deps, files, calls } = depsWith(store, {
      files: [first],
      // This request finds the overlay stored; before it writes, another selection replaces (and drops) it.
      onExists: async (key) => {
        if (key !== first || interleaved) return;
        interleaved = true;
        await selectImage(other.deps, MEMBER, 'post-1', { image_index: 4 });
        files.delete(first);
      },
    });
    const answer = await selectImage(deps, MEMBER, 'post-1', { image_index: 3 });
    const next = first.replace(/\.png$/, '-1.png');
    expect([answer.post.image_url, stored(store).imageUrl]).toEqual([`${FILES}${next}`, `${FILES}${next}`]);
    expect(calls.map(({ name }) => name)).toEqual(['draw-overlay']);
    expect([...(store.dropped.get('post-1') ?? [])].sort()).toEqual([first, overlayKeyOf(post(), `${MEMBER}/post-1/photo-1.png`, HOOK)].sort());
  });

  it(`prepares again at most ${PREPARED_WRITE_TRIES} times, then answers 503 with Retry-After and writes nothing`, async () => {
    const store = inMemoryPosts(post());
    const { deps } = depsWith(store, {
      // Whatever it drew, a write that committed meanwhile has dropped: the post keeps changing under this request.
      drawn: async (request) => {
        const key = overlayKeyOf(
          post(),
          request.sourceKey as string,
          HOOK,
          await store.repos.droppedFilesStartingWith('post-1', overlayKeyPrefix(post(), request.sourceKey as string, HOOK)),
        );
        store.dropped.set('post-1', (store.dropped.get('post-1') ?? new Set()).add(key));
        return { outcome: 'drawn', image_url: `${FILES}${key}` };
      },
    });
    const refused = await refusal(selectImage(deps, MEMBER, 'post-1', { image_index: 3 }));
    expect([refused?.status, refused?.headers?.['Retry-After']]).toEqual([503, '1']);
    expect([store.writes, store.dropped.get('post-1')?.size]).toEqual([[], PREPARED_WRITE_TRIES]);
  });

  it('a selection and a PATCH of the body at once both succeed; the post ends with both', async () => {
    const store = inMemoryPosts(post());
    const { deps } = depsWith(store);
    const [selected, patched] = await Promise.all([
      selectImage(deps, MEMBER, 'post-1', { image_index: 1, use_overlay: false }),
      updatePost(deps, MEMBER, 'post-1', { body: 'Smaller changes ship sooner.' }),
    ]);
    expect([selected.post.image_url, patched.post.body]).toEqual([url(1), 'Smaller changes ship sooner.']);
    expect([stored(store).imageUrl, stored(store).body, stored(store).status]).toEqual([url(1), 'Smaller changes ship sooner.', 'approved']);
  });
});

describe('PATCH images, with the posts table in memory', () => {
  it('writes the images in the order given, alt text set or kept, without approving', () => {
    const row = post({ imageUrl: url(0), format: 'image', images: [{ image_url: url(0), alt_text: 'Mine' }] });
    expect(editedImages(row, [{ image_url: url(1), alt_text: '' }, { image_url: url(0) }])).toEqual({
      imageUrl: url(1),
      format: 'image',
      images: [
        { image_url: url(1), alt_text: null },
        { image_url: url(0), alt_text: 'Mine' },
      ],
    });
  });

  it('refuses a post whose publication is in flight (409) before any write', async () => {
    const store = inMemoryPosts(post({ publishRequestedAt: new Date() }));
    expect((await refusal(updatePost(depsWith(store).deps, MEMBER, 'post-1', { images: [{ image_url: url(0) }] })))?.status).toBe(409);
    expect(store.writes).toEqual([]);
  });

  it('taking an overlay off the post drops it: recorded, and its file deleted after the write', async () => {
    const key = `${MEMBER}/post-1/overlay-abc.png`;
    const store = inMemoryPosts(post({ imageUrl: `${FILES}${key}`, format: 'image', images: [{ image_url: `${FILES}${key}`, alt_text: null }] }));
    const { deps, files } = depsWith(store, { files: [key] });
    await updatePost(deps, MEMBER, 'post-1', { images: [{ image_url: url(1) }] });
    expect([[...files], [...(store.dropped.get('post-1') ?? [])]]).toEqual([[], [key]]);
  });
});
