import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';

export const png = (width = 640, height = 480) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();
export const jpeg = (width = 640, height = 480) => sharp({ create: { width, height, channels: 3, background: '#cc6633' } }).jpeg().toBuffer();

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
