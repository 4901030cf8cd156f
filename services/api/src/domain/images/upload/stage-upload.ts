import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { titleFromFileName } from '@lps/network';
import type { FileStorage } from '@lps/storage';
import { createHeaderCheck, TooManyPixels } from './image-header.js';
import { describeBytes, EXTENSIONS, FORM_FRAMING_BYTES, NOUNS, uploadProblem, VIDEO_MIN_BYTES, type UploadLimits, type UploadType } from './upload-limits.js';

/** A file written to storage whose bytes have passed the type, size and header checks, not yet attached to the post. */
export interface StagedUpload {
  /** The image request that will attach it (its id names the file). */
  requestId: string;
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
class TooSmall extends Error {
  constructor(readonly size: number) {
    super('too small');
  }
}

/**
 * An MP4 (ISO base media file) starts with its file type box: a 32-bit size of
 * at least 16 (type, major brand, minor version) and the type `ftyp`. Which brand,
 * and everything else, the image service reads from the container (decision 0021).
 */
function isMp4(head: Buffer): boolean {
  return head.length >= 16 && head.toString('latin1', 4, 8) === 'ftyp' && head.readUInt32BE(0) >= 16;
}

/** The upload's type from its first bytes; undefined when it is none we take. */
async function typeOf(head: Buffer): Promise<{ type?: UploadType; seen: string }> {
  if (isMp4(head)) return { type: 'video/mp4', seen: 'video/mp4' };
  const detected = await fileTypeFromBuffer(head);
  // file-type knows other ISO media (QuickTime, 3GP…) by ftyp too; those were taken above when MP4-shaped.
  if (!detected || !ALLOWED.has(detected.mime) || detected.mime === 'video/mp4') return { seen: detected?.mime ?? 'unknown type' };
  return { type: detected.mime as UploadType, seen: detected.mime };
}

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

/** Passes the bytes on while counting them against `max` and showing each to `inspect` (which may throw to stop them). */
async function* checked(head: Buffer, iterator: AsyncIterator<Buffer>, done: boolean, max: number, inspect: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  let total = head.length;
  if (total > max) throw new TooLarge();
  inspect(head);
  yield head;
  if (done) return;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    total += next.value.length;
    if (total > max) throw new TooLarge();
    inspect(next.value);
    yield next.value;
  }
}

/**
 * Streams an upload into storage: the type is decided from the first bytes,
 * the size is counted as bytes pass, an image's declared dimensions are read
 * from its header, and the write is aborted past the limits (the partial file
 * is removed by the storage). Nothing is decoded or parsed here: that is the
 * image service's (decision 0006). Memory holds at most one chunk, the 4 kB
 * head and, until its size is found, an image's header — a 500 MB video included.
 */
export async function stageUpload(
  storage: FileStorage,
  target: { memberId: string; postId: string; field: 'file' | 'image_url'; name?: string; declaredBytes?: number | undefined },
  source: AsyncIterable<Buffer>,
  limits: UploadLimits,
): Promise<StagedUpload> {
  const iterator = source[Symbol.asyncIterator]();
  const { head, done } = await readHead(iterator);
  if (head.length === 0) throw uploadProblem(target.field, 'the file is empty');
  const { type, seen } = await typeOf(head);
  if (!type) throw uploadProblem(target.field, `the file is not a JPEG, PNG, PDF or MP4 video (its bytes say ${seen})`);
  const max = type === 'application/pdf' ? limits.pdf : type === 'video/mp4' ? limits.video : limits.image;
  // A multipart body declaring more than its type may have (an image declaring 30 MB, since a video may) is
  // refused once its first bytes show the type: read to the cap, a slow sender held the connection meanwhile.
  if (target.declaredBytes !== undefined && target.declaredBytes > max + FORM_FRAMING_BYTES) {
    const megabytes = (target.declaredBytes / 1024 / 1024).toFixed(1);
    throw uploadProblem(target.field, `the request declares ${megabytes} MB, more than a file of its type may have (${NOUNS[type]}s: at most ${describeBytes(max)})`);
  }
  const requestId = randomUUID();
  const key = `${target.memberId}/${target.postId}/upload-${requestId}.${EXTENSIONS[type]}`;
  const inspect = type === 'application/pdf' || type === 'video/mp4' ? () => undefined : createHeaderCheck();
  try {
    // A byte stream with a small high-water mark: Readable.from's default (object mode, 16 chunks ahead of
    // the disk) let 50 concurrent uploads hold tens of MB of read-ahead between the socket and the file.
    const body = Readable.from(checked(head, iterator, done, max, inspect), { objectMode: false, highWaterMark: STREAM_HIGH_WATER_MARK });
    const stored = await storage.put(key, body, type);
    if (type === 'video/mp4' && stored.size < VIDEO_MIN_BYTES) throw new TooSmall(stored.size);
    const title = type === 'application/pdf' ? titleFromFileName(target.name) : undefined;
    return { requestId, key, url: stored.url, size: stored.size, type, ...(title ? { title } : {}) };
  } catch (error) {
    // Stop the source too: a download past the cap must not go on streaming into nowhere.
    await iterator.return?.();
    await storage.delete(key).catch(() => undefined);
    if (error instanceof TooLarge) throw uploadProblem(target.field, `the ${NOUNS[type]} is larger than ${describeBytes(max)}`);
    if (error instanceof TooSmall) throw uploadProblem(target.field, `the video has ${error.size} bytes; LinkedIn takes videos of at least ${describeBytes(VIDEO_MIN_BYTES)}`);
    if (error instanceof TooManyPixels) throw uploadProblem(target.field, error.message);
    throw error;
  }
}
