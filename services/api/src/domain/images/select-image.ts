import { createHash } from 'node:crypto';
import { hookOf } from '@lps/ai';
import { unprocessable } from '@lps/common';
import { imageCandidatesOf, postToWire, updatePostIfStatus, type ImageCandidate, type Post } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { READY_FOR_WORK } from '../posts/post-states.js';
import { assertImagesAllowed } from './image-states.js';
import { imageWork, loadImageTools } from './image-work.js';

export interface SelectImageInput {
  image_url?: string;
  image_index?: number;
  use_overlay?: boolean;
}

function chosenCandidate(post: Post, input: SelectImageInput): ImageCandidate {
  const candidates = imageCandidatesOf(post.imageCandidates);
  if (input.image_index !== undefined) {
    const candidate = candidates[input.image_index];
    if (!candidate) {
      throw unprocessable(`image_index ${input.image_index} is out of range; the post has ${candidates.length} candidates`, { image_index: 'out of range' });
    }
    return candidate;
  }
  const byUrl = candidates.find((candidate) => candidate.base_url === input.image_url);
  if (byUrl) return byUrl;
  // The current image (an earlier overlay, say) may be selected again.
  if (input.image_url && input.image_url === post.imageUrl) {
    return { base_url: post.imageUrl, width: null, height: null, kind: post.format === 'document' ? 'document' : 'image', source: 'generated' };
  }
  throw unprocessable('image_url is not one of this post\'s candidates or uploads', { image_url: 'unknown to this post' });
}

/**
 * Draws the hook over the chosen image into a file of its own; the candidate is
 * never changed. The file is named by the image and the text, so selecting the
 * same pair again reuses it instead of drawing (and storing) another; drawing
 * waits its turn with the rest of the API's image work.
 */
async function overlaid({ services }: UseCaseDeps, post: Post, candidate: ImageCandidate): Promise<string> {
  const hook = hookOf({ body: post.body, idea: post.idea });
  const sourceKey = services.storage.keyFromUrl(candidate.base_url);
  if (!hook || !sourceKey) return candidate.base_url;
  const extension = /\.jpg$/i.test(sourceKey) ? 'jpg' : 'png';
  const fingerprint = createHash('sha256').update(sourceKey).update('\u0000').update(hook).digest('hex').slice(0, 24);
  const key = `${post.memberId}/${post.id}/overlay-${fingerprint}.${extension}`;
  if (await services.storage.exists(key)) return services.storage.urlFor(key);
  return imageWork(async () => {
    // Requests for the same overlay queue here: the first draws it, the others find it.
    if (await services.storage.exists(key)) return services.storage.urlFor(key);
    // The renderers (sharp, fontkit) are imported by the first overlay, not at start.
    const { renderOverlay } = await import('@lps/ai/image');
    await loadImageTools();
    const result = await services.storage.withLocalPath(sourceKey, (path) => renderOverlay(path, hook));
    return (await services.storage.put(key, result.data, result.contentType)).url;
  });
}

/**
 * An overlay is made for the post's image and nothing else points at it: once
 * another image is selected, its file goes, so a post keeps one overlay however
 * often its image and text change.
 */
async function forgetReplacedOverlay({ services, request }: UseCaseDeps, post: Post, selectedUrl: string): Promise<void> {
  const previous = post.imageUrl ? services.storage.keyFromUrl(post.imageUrl) : undefined;
  if (!previous || post.imageUrl === selectedUrl || !previous.startsWith(`${post.memberId}/${post.id}/overlay-`)) return;
  await services.storage.delete(previous).catch((error: Error) => request.log.warn('a replaced overlay could not be deleted', { key: previous, error: error.message }));
}

/**
 * POST /posts/{id}/select-image: by index or URL, optionally with the hook
 * drawn over it (not for documents). The post's image and format follow,
 * and a draft_saved post becomes approved.
 */
export async function selectImage(deps: UseCaseDeps, memberId: string, postId: string, input: SelectImageInput) {
  const post = await getOwnedPost(deps.runtime.sql, memberId, postId);
  assertImagesAllowed(post, 'select an image for');
  const candidate = chosenCandidate(post, input);
  const isDocument = candidate.kind === 'document';
  const imageUrl = isDocument || input.use_overlay === false ? candidate.base_url : await overlaid(deps, post, candidate);
  const updated = await updatePostIfStatus(deps.runtime.db, post.id, READY_FOR_WORK, {
    imageUrl,
    format: isDocument ? 'document' : 'image',
    ...(post.status === 'draft_saved' ? { status: 'approved' } : {}),
  });
  if (!updated) {
    assertImagesAllowed(await getOwnedPost(deps.runtime.sql, memberId, postId), 'select an image for');
    throw unprocessable('the post changed meanwhile; try again');
  }
  await forgetReplacedOverlay(deps, post, imageUrl);
  return { post: postToWire(updated) };
}
