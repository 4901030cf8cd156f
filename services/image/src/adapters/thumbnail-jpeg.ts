import sharp from 'sharp';

/** LinkedIn's own advice for link images is 1200 × 627; nothing larger is ever uploaded. */
const THUMBNAIL_BOX = 1200;
/**
 * Decoding a picture of 100 million pixels would take 400 MB: refused before it
 * starts. Anything below LinkedIn's own limit (36,152,320 pixels) is shrunk.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const RASTER = new Set(['jpeg', 'png', 'gif', 'webp']);

/**
 * A fetched picture as a JPEG of at most 1200 px, or why it is not a raster picture
 * (sharp; the use case is domain/calls/encode-link-thumbnail.ts).
 */
export async function encodeThumbnailJpeg(bytes: Buffer): Promise<Buffer | { problem: string }> {
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
