import type { Readable } from 'node:stream';
import { isAppError } from '@lps/common';
import { loadConfig } from '@lps/config';
import type { ImageRequest, Post } from '@lps/db';
import { CallTimeoutError, type JobCalls, type Queues } from '@lps/queue';
import { postRow, refusalOf } from '@lps/testing';
import type { OutsideClients } from '../../../outside-clients.js';
import type { RequestScope } from '../../request-scope.js';
import { uploadFile, type UploadForm } from './upload-file.js';

// uploadFile (POST /posts/{id}/images/upload, multipart) with the posts, the image requests, the
// image service's call and the file storage in memory, and the form as the HTTP layer hands it
// over: the order of its checks (shape, post, content), what is attached, and that no refusal
// leaves a staged file behind — without PostgreSQL, Redis, multer or a worker (the requests
// through all of them are in images-upload.test.ts, upload-clients.test.ts and slow-and-oversize-requests.test.ts).

const config = loadConfig({ NODE_ENV: 'test' });
const FILES = 'https://files.example/';
const post = postRow({ status: 'draft_saved' });
const MEMBER = post.memberId;
/** A valid 1 × 1 PNG: its type and header are all the staging reads; decoding it is the image service's. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ATTACHED = { outcome: 'attached' as const, image_url: `${FILES}attached.png`, candidates: [] };

interface Options {
  /** The post as stored (none: not there). */
  stored?: Post | null;
  /** The image service's answer to attach-upload, or what it throws. */
  answer?: () => Promise<unknown>;
}

/** The use case's declared needs, each in memory, and what it left in them. */
function depsWith({ stored = post, answer = async () => ATTACHED }: Options = {}) {
  const files = new Map<string, Buffer>();
  const requests: Partial<ImageRequest>[] = [];
  const storage = {
    put: async (key: string, body: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      files.set(key, Buffer.concat(chunks));
      return { key, url: `${FILES}${key}`, size: files.get(key)?.length ?? 0 };
    },
    delete: async (key: string) => void files.delete(key),
  };
  const deps = {
    repos: {
      readOwnedPost: async (memberId: string, id: string) => (stored && stored.id === id && stored.memberId === memberId ? stored : null),
      createImageCallRequest: async (data: Partial<ImageRequest>) => {
        requests.push(data);
        return { ...data, id: data.id ?? 'image-request-1' } as ImageRequest;
      },
      abandonImageCall: async () => true,
      findImageRequest: async () => null,
    },
    calls: { call: answer } as unknown as JobCalls,
    config,
    queues: {} as Queues,
    request: { id: 'req-1', log: { warn: () => undefined, error: () => undefined } } as unknown as RequestScope,
    clients: { storage } as unknown as OutsideClients,
  };
  return { deps, files, requests };
}

/** A file's bytes as a form part brings them: in chunks, as they arrive. */
async function* arriving(file: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < file.length; at += 16) yield file.subarray(at, at + 16);
}

interface FormOptions {
  declaredBytes?: number;
  altText?: () => string | null | undefined;
}

/** A form carrying `file` (none: no file part), read as the HTTP layer reads one: the stage's content problem becomes the file's. */
function formWith(file: Buffer | null, { declaredBytes, altText = () => undefined }: FormOptions = {}) {
  const seen = { reads: 0, stops: 0 };
  const form: UploadForm = {
    declaredBytes,
    read: async (stage) => {
      seen.reads += 1;
      if (!file) return undefined;
      try {
        return { staged: await stage({ name: 'photo.png', bytes: arriving(file) }) };
      } catch (error) {
        if (isAppError(error)) return { problem: error };
        throw error;
      }
    },
    altText,
    stopReading: () => void (seen.stops += 1),
  };
  return { form, seen };
}

const answerOf = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code, error.details]);

describe('uploadFile, with its repositories, the image service and storage in memory', () => {
  it('stages the file under the post, asks the image service to attach it with its alt text, and answers what it attached', async () => {
    const { deps, files, requests } = depsWith();
    const { form } = formWith(PNG, { altText: () => 'A black pixel' });
    expect(await uploadFile(deps, MEMBER, post.id, form)).toEqual({ image_url: ATTACHED.image_url, candidates: [] });
    const [key] = [...files.keys()];
    expect(key).toMatch(new RegExp(`^${MEMBER}/${post.id}/upload-[0-9a-f-]+\\.png$`));
    expect(files.get(key as string)).toEqual(PNG);
    expect(requests).toEqual([expect.objectContaining({ postId: post.id, memberId: MEMBER, kind: 'upload', sourceKey: key, contentType: 'image/png', altText: 'A black pixel' })]);
  });

  it('removes the staged file when the post is missing (404), published (409) or has a poll (422), before asking the image service', async () => {
    const cases = [
      { stored: null, expected: [404, 'not_found', undefined] },
      { stored: { ...post, status: 'published' as const }, expected: [409, 'conflict', undefined] },
      { stored: { ...post, format: 'poll' as const }, expected: [422, 'unprocessable', undefined] },
    ];
    for (const { stored, expected } of cases) {
      const { deps, files, requests } = depsWith({ stored });
      expect(await answerOf(uploadFile(deps, MEMBER, post.id, formWith(PNG).form))).toEqual(expected);
      expect([files.size, requests]).toEqual([0, []]);
    }
  });

  it('removes the staged file when the alt text is refused (validation_error), before the post is read', async () => {
    const { deps, files } = depsWith({ stored: null });
    const refused = Object.assign(new Error('alt_text is too long'), { status: 422, code: 'validation_error', details: { alt_text: 'too long' } });
    const { form } = formWith(PNG, {
      altText: () => {
        throw refused;
      },
    });
    expect(await refusalOf(uploadFile(deps, MEMBER, post.id, form))).toBe(refused);
    expect(files.size).toBe(0);
  });

  it('answers a content problem (422 on `file`) after the post’s checks, stopping the read, with nothing stored', async () => {
    const text = Buffer.from('not an image at all, just words that go on and on');
    const refused = depsWith();
    const { form, seen } = formWith(text);
    const answer = await answerOf(uploadFile(refused.deps, MEMBER, post.id, form));
    expect(answer?.slice(0, 2)).toEqual([422, 'unprocessable']);
    expect(Object.keys(answer?.[2] ?? {})).toEqual(['file']);
    expect([seen.stops, refused.files.size, refused.requests]).toEqual([1, 0, []]);

    const missing = depsWith({ stored: null });
    expect((await answerOf(uploadFile(missing.deps, MEMBER, post.id, formWith(text).form)))?.[0]).toBe(404);
  });

  it('refuses a body declaring more than any file from its headers, the post checked first: nothing is read', async () => {
    const declaredBytes = 2 * 1024 * 1024 * 1024;
    const { deps, files } = depsWith();
    const { form, seen } = formWith(PNG, { declaredBytes });
    const answer = await refusalOf(uploadFile(deps, MEMBER, post.id, form));
    expect([answer?.status, answer?.message]).toEqual([
      422,
      expect.stringMatching(/^the request declares 2048\.0 MB, more than any file accepted \(a video of .+, a PDF of 10 MB, an image of 5 MB\)$/),
    ]);
    expect([seen.reads, seen.stops, files.size]).toEqual([0, 1, 0]);

    const missing = depsWith({ stored: null });
    expect((await refusalOf(uploadFile(missing.deps, MEMBER, post.id, formWith(PNG, { declaredBytes }).form)))?.status).toBe(404);
  });

  it('asks for a file when the form has none (validation_error)', async () => {
    const { deps } = depsWith();
    expect(await answerOf(uploadFile(deps, MEMBER, post.id, formWith(null).form))).toEqual([422, 'validation_error', { file: 'a file is required in the field `file`' }]);
  });

  it('when the image service does not answer in time: 503 with Retry-After, and the staged file goes', async () => {
    const { deps, files } = depsWith({
      answer: async () => {
        throw new CallTimeoutError('no answer');
      },
    });
    const answer = await refusalOf(uploadFile(deps, MEMBER, post.id, formWith(PNG).form));
    expect([answer?.status, answer?.headers?.['Retry-After'], files.size]).toEqual([503, '10', 0]);
  });
});
