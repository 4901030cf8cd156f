import { linkThumbnailKeys, type EncodeLinkThumbnailResult, type LinkThumbnailPayload } from '@lps/queue';
import { refused } from './content-problem.js';
import type { Needs } from '../image-context.js';

/**
 * The encode-link-thumbnail call: the image a card's page named, as fetched by the
 * research worker, checked to be a raster picture (JPEG, PNG, GIF, WebP — not SVG,
 * whatever the server called it) and re-encoded as a JPEG of at most 1200 px, so
 * what LinkedIn receives is always small, always an image, and never the bytes a
 * page served. The fetched file is removed once read.
 */
export async function encodeLinkThumbnail(deps: Needs<never, 'storage' | 'encodeThumbnail'>, payload: LinkThumbnailPayload): Promise<EncodeLinkThumbnailResult> {
  const keys = linkThumbnailKeys(payload);
  if (await deps.storage.exists(keys.thumbnail)) return { outcome: 'encoded', image_url: deps.storage.urlFor(keys.thumbnail) };
  if (!(await deps.storage.exists(keys.staged))) return refused('content', 'the fetched image is gone');
  const encoded = await deps.encodeThumbnail(await deps.storage.read(keys.staged));
  if (!Buffer.isBuffer(encoded)) {
    await deps.storage.delete(keys.staged);
    return refused('content', encoded.problem);
  }
  const stored = await deps.storage.put(keys.thumbnail, encoded, 'image/jpeg');
  await deps.storage.delete(keys.staged);
  return { outcome: 'encoded', image_url: stored.url };
}
