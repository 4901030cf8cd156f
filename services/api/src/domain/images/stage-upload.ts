import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { titleFromFileName } from '@lps/network';
import type { FileStorage } from '@lps/storage';
import { describeBytes, EXTENSIONS, uploadProblem, type UploadLimits, type UploadType } from './upload-limits.js';

/** A file written to storage whose bytes have passed the type and size checks, not yet attached to the post. */
export interface StagedUpload {
  key: string;
  url: string;
  size: number;
  type: UploadType;
  /** A PDF's title for LinkedIn, from the name the file came with (the key never carries it). */
  title?: string;
}

const HEAD_BYTES = 4100;
const STREAM_HIGH_WATER_MARK = 16 * 1024;
const ALLOWED = new Set<string>(Object.keys(EXTENSIONS));

class TooLarge extends Error {}

/** Reads just enough of the stream to know its type from its bytes, never from a name or a declared type. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  return { head: Buffer.concat(chunks), done: false };
}

async function* capped(head: Buffer, iterator: AsyncIterator<Buffer>, done: boolean, max: number): AsyncGenerator<Buffer> {
  let total = head.length;
  if (total > max) throw new TooLarge();
  yield head;
  if (done) return;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    total += next.value.length;
    if (total > max) throw new TooLarge();
    yield next.value;
  }
}

/**
 * Streams an upload into storage: the type is decided from the first bytes,
 * the size is counted as bytes pass and the write is aborted past the limit
 * for that type (the partial file is removed by the storage). Memory holds at
 * most one chunk and the 4 kB head.
 */
export async function stageUpload(
  storage: FileStorage,
  target: { memberId: string; postId: string; field: 'file' | 'image_url'; name?: string },
  source: AsyncIterable<Buffer>,
  limits: UploadLimits,
): Promise<StagedUpload> {
  const iterator = source[Symbol.asyncIterator]();
  const { head, done } = await readHead(iterator);
  if (head.length === 0) throw uploadProblem(target.field, 'the file is empty');
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !ALLOWED.has(detected.mime)) {
    throw uploadProblem(target.field, `the file is not a JPEG, PNG or PDF (its bytes say ${detected?.mime ?? 'unknown type'})`);
  }
  const type = detected.mime as UploadType;
  const max = type === 'application/pdf' ? limits.pdf : limits.image;
  const key = `${target.memberId}/${target.postId}/upload-${randomUUID()}.${EXTENSIONS[type]}`;
  try {
    // A byte stream with a small high-water mark: Readable.from's default (object mode, 16 chunks ahead of
    // the disk) let 50 concurrent uploads hold tens of MB of read-ahead between the socket and the file.
    const body = Readable.from(capped(head, iterator, done, max), { objectMode: false, highWaterMark: STREAM_HIGH_WATER_MARK });
    const stored = await storage.put(key, body, type);
    const title = type === 'application/pdf' ? titleFromFileName(target.name) : undefined;
    return { key, url: stored.url, size: stored.size, type, ...(title ? { title } : {}) };
  } catch (error) {
    // Stop the source too: a download past the cap must not go on streaming into nowhere.
    await iterator.return?.();
    await storage.delete(key).catch(() => undefined);
    if (error instanceof TooLarge) {
      throw uploadProblem(target.field, `the ${type === 'application/pdf' ? 'PDF' : 'image'} is larger than ${describeBytes(max)}`);
    }
    throw error;
  }
}
