import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

/** A file to upload: its bytes, a readable stream, or a path on disk. */
export type UploadSource = Uint8Array | ArrayBuffer | Blob | AsyncIterable<Uint8Array | string> | string;

export interface UploadOptions {
  /** The name the service sees; from the path, or `upload` + the extension its bytes call for. */
  filename?: string;
  /** JPEG, PNG or PDF; read from the bytes when left out. */
  contentType?: string;
}

/** The service takes at most 10 MB (a PDF); a stream is read up to a little more, so the service says what is wrong. */
const READ_LIMIT = 10 * 1024 * 1024 + 1;

async function bytesOf(source: UploadSource): Promise<Uint8Array> {
  if (typeof source === 'string') return readFile(source);
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (source instanceof Blob) return new Uint8Array(await source.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    size += bytes.length;
    if (size > READ_LIMIT) throw new RangeError('the stream is longer than the 10 MB an upload may have');
  }
  return Buffer.concat(chunks);
}

/** What the first bytes say the file is (the service checks them too). */
function sniff(bytes: Uint8Array): { type: string; extension: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { type: 'image/jpeg', extension: 'jpg' };
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return { type: 'image/png', extension: 'png' };
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return { type: 'application/pdf', extension: 'pdf' };
  return { type: 'application/octet-stream', extension: 'bin' };
}

/**
 * The multipart body of POST /posts/{id}/images/upload (one field, `file`). The bytes are read
 * once into memory (at most 10 MB), so a retried request sends them again.
 */
export async function uploadForm(source: UploadSource, options: UploadOptions = {}): Promise<FormData> {
  const bytes = await bytesOf(source);
  const sniffed = sniff(bytes);
  const filename = options.filename ?? (typeof source === 'string' ? basename(source) : `upload.${sniffed.extension}`);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: options.contentType ?? sniffed.type }), filename);
  return form;
}
