import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';

export const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
export const jpeg = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();

export async function pdf(pages = 2): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) document.addPage([1080, 1350]);
  return Buffer.from(await document.save());
}

/** Real magic bytes followed by filler: the type check passes, the size check must not. */
export const padded = (head: Buffer, total: number) => Buffer.concat([head, Buffer.alloc(Math.max(0, total - head.length), 7)]);

/** Every file under the local store, to prove a failed upload left nothing behind. */
export async function filesUnder(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'files');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/**
 * A JPEG whose frame header (SOF0) declares `width` × `height`, placed behind
 * `metadataBytes` of APP1 segments, as a camera's EXIF and thumbnails would be;
 * no pixels follow. Only its header says how large it is.
 */
export function jpegDeclaring(width: number, height: number, metadataBytes: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = metadataBytes; left > 0; left -= 65_000) {
    const size = Math.min(65_000, left);
    const segment = Buffer.alloc(4 + size);
    segment.writeUInt16BE(0xffe1, 0);
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
  }
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments, sof, Buffer.alloc(1024)]);
}
