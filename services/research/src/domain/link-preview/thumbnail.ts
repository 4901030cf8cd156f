import { CallFailedError, CallTimeoutError, linkThumbnailKeys, type LinkThumbnailPayload } from '@lps/queue';
import type { Needs } from '../research-context.js';
import { readLimited } from './read-limited.js';

/** An image page larger than this is not read further (LinkedIn takes images up to 5 MB from integrators' guides). */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;

export type Thumbnail = { imageUrl: string } | { problem: string };

/**
 * The page's image as a card thumbnail: read through the guard within the limits
 * and staged beside the post's files; the image service (which decodes pixels,
 * decision 0006) checks it and re-encodes it, and this worker waits for its
 * answer at most LPS_IMAGE_WAIT. No answer in time leaves the card without an
 * image, with a note, rather than holding the card back from publication.
 */
export async function fetchThumbnail(deps: Needs<never, 'calls' | 'config' | 'storage' | 'linkClient'>, imageUrl: string, card: LinkThumbnailPayload): Promise<Thumbnail> {
  const { config } = deps;
  let read;
  try {
    read = await readLimited(deps.linkClient, imageUrl, { maxBytes: THUMBNAIL_MAX_BYTES + 1, timeoutMs: config.storage.linkPreviewTimeoutMs, accept: 'image/*' });
  } catch (error) {
    return { problem: `its image could not be fetched (${(error as Error).message})` };
  }
  if (read.status < 200 || read.status > 299) return { problem: `its image answered HTTP ${read.status}` };
  if (read.bytes.length > THUMBNAIL_MAX_BYTES) return { problem: 'its image is larger than 5 MB' };
  if (read.cut) return { problem: 'its image did not arrive in time' };
  const keys = linkThumbnailKeys(card);
  await deps.storage.put(keys.staged, read.bytes, 'application/octet-stream');
  try {
    const answer = await deps.calls.call('encode-link-thumbnail', card, { timeoutMs: config.images.waitMs });
    return answer.outcome === 'encoded' ? { imageUrl: answer.image_url } : { problem: answer.message };
  } catch (error) {
    if (!(error instanceof CallTimeoutError || error instanceof CallFailedError)) throw error;
    await deps.storage.delete(keys.staged).catch(() => undefined);
    return { problem: 'the image service did not make it a thumbnail in time' };
  }
}
