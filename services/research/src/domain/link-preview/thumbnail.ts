import sharp from 'sharp';
import type { Got } from 'got';
import { readLimited } from './read-limited.js';

/** LinkedIn's own advice for link images is 1200 × 627; nothing larger is ever uploaded. */
const THUMBNAIL_BOX = 1200;
/** An image page larger than this is not read further (LinkedIn takes images up to 5 MB from integrators' guides). */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Decoding a picture of 100 million pixels would take 400 MB: refused before it
 * starts. Anything below LinkedIn's own limit (36,152,320 pixels) is shrunk.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const RASTER = new Set(['jpeg', 'png', 'gif', 'webp']);

export type Thumbnail = { bytes: Buffer } | { problem: string };

/**
 * The page's image as a card thumbnail: read through the guard within the limits,
 * checked to be a raster image (JPEG, PNG, GIF, WebP — not SVG, whatever the
 * server calls it), then re-encoded as a JPEG of at most 1200 px, so what LinkedIn
 * receives is always small, always an image, and never the bytes a page served.
 */
export async function fetchThumbnail(client: Got, url: string, timeoutMs: number): Promise<Thumbnail> {
  let read;
  try {
    read = await readLimited(client, url, { maxBytes: THUMBNAIL_MAX_BYTES + 1, timeoutMs, accept: 'image/*' });
  } catch (error) {
    return { problem: `its image could not be fetched (${(error as Error).message})` };
  }
  if (read.status < 200 || read.status > 299) return { problem: `its image answered HTTP ${read.status}` };
  if (read.bytes.length > THUMBNAIL_MAX_BYTES) return { problem: 'its image is larger than 5 MB' };
  if (read.cut) return { problem: 'its image did not arrive in time' };
  try {
    const image = sharp(read.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !RASTER.has(format)) return { problem: `its image is not a JPEG, PNG, GIF or WebP picture${format ? ` (${format})` : ''}` };
    const bytes = await image
      .rotate()
      .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return { bytes };
  } catch (error) {
    return { problem: `its image could not be read as a picture (${(error as Error).message.split('\n')[0]})` };
  }
}
