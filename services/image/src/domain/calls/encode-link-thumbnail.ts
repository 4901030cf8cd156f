import sharp from 'sharp';
import { linkThumbnailKeys, type EncodeLinkThumbnailResult, type LinkThumbnailPayload } from '@lps/queue';
import { refused } from './content-problem.js';
import type { ImageCallDeps } from './attach-upload.js';

/** LinkedIn's own advice for link images is 1200 × 627; nothing larger is ever uploaded. */
const THUMBNAIL_BOX = 1200;
/**
 * Decoding a picture of 100 million pixels would take 400 MB: refused before it
 * starts. Anything below LinkedIn's own limit (36,152,320 pixels) is shrunk.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const RASTER = new Set(['jpeg', 'png', 'gif', 'webp']);

async function encode(bytes: Buffer): Promise<Buffer | { problem: string }> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !RASTER.has(format)) return { problem: `its image is not a JPEG, PNG, GIF or WebP picture${format ? ` (${format})` : ''}` };
    return await image
      .rotate()
      .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch (error) {
    return { problem: `its image could not be read as a picture (${(error as Error).message.split('\n')[0]})` };
  }
}

/**
 * The encode-link-thumbnail call: the image a card's page named, as fetched by the
 * research worker, checked to be a raster picture (JPEG, PNG, GIF, WebP — not SVG,
 * whatever the server called it) and re-encoded as a JPEG of at most 1200 px, so
 * what LinkedIn receives is always small, always an image, and never the bytes a
 * page served. The fetched file is removed once read.
 */
export async function encodeLinkThumbnail(deps: ImageCallDeps, payload: LinkThumbnailPayload): Promise<EncodeLinkThumbnailResult> {
  const keys = linkThumbnailKeys(payload);
  if (await deps.storage.exists(keys.thumbnail)) return { outcome: 'encoded', image_url: deps.storage.urlFor(keys.thumbnail) };
  if (!(await deps.storage.exists(keys.staged))) return refused('content', 'the fetched image is gone');
  const encoded = await encode(await deps.storage.read(keys.staged));
  if (!Buffer.isBuffer(encoded)) {
    await deps.storage.delete(keys.staged);
    return refused('content', encoded.problem);
  }
  const stored = await deps.storage.put(keys.thumbnail, encoded, 'image/jpeg');
  await deps.storage.delete(keys.staged);
  return { outcome: 'encoded', image_url: stored.url };
}
