import { hookOf, overlayKeyOf } from '@lps/ai';
import { unprocessable } from '@lps/common';
import { createImageCallRequest, imageCandidatesOf, postToWire, updatePostIfStatus, type ImageCandidate, type Post } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { READY_FOR_WORK } from '../posts/post-states.js';
import { refusalError } from './attach-upload.js';
import { askImageService } from './ask-image-service.js';
import { assertImagesAllowed } from './image-states.js';

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
    const kind = post.format === 'document' || post.format === 'video' ? post.format : 'image';
    return { base_url: post.imageUrl, width: null, height: null, kind, source: 'generated' };
  }
  throw unprocessable('image_url is not one of this post\'s candidates or uploads', { image_url: 'unknown to this post' });
}

/**
 * The hook over the chosen image, in a file of its own named by the image and the
 * text (`overlayKeyOf`): selecting the same pair again finds it here and draws
 * nothing. Drawing is the image service's (decision 0006); this request waits for it.
 */
async function overlaid(deps: UseCaseDeps, post: Post, candidate: ImageCandidate, field: string): Promise<string> {
  const { services } = deps;
  const hook = hookOf({ body: post.body, idea: post.idea });
  const sourceKey = services.storage.keyFromUrl(candidate.base_url);
  if (!hook || !sourceKey) return candidate.base_url;
  const key = overlayKeyOf(post, sourceKey, hook);
  if (await services.storage.exists(key)) return services.storage.urlFor(key);
  const request = await createImageCallRequest(deps.runtime.db, { postId: post.id, memberId: post.memberId, kind: 'overlay', sourceKey });
  // An overlay drawn after this request gave up is kept: it is the file a retry asks for.
  const answer = await askImageService(deps, 'draw-overlay', request, async () => undefined);
  if (answer.outcome === 'drawn') return answer.image_url;
  throw await refusalError(deps, answer, { memberId: post.memberId, postId: post.id, field, action: 'select an image for' });
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
  // Only images take an overlay: a document or a video (decision 0021) is published as it is.
  const asItIs = candidate.kind !== 'image' || input.use_overlay === false;
  const imageUrl = asItIs ? candidate.base_url : await overlaid(deps, post, candidate, input.image_index !== undefined ? 'image_index' : 'image_url');
  const updated = await updatePostIfStatus(deps.runtime.db, post.id, READY_FOR_WORK, {
    imageUrl,
    format: candidate.kind,
    ...(post.status === 'draft_saved' ? { status: 'approved' } : {}),
  });
  if (!updated) {
    assertImagesAllowed(await getOwnedPost(deps.runtime.sql, memberId, postId), 'select an image for');
    throw unprocessable('the post changed meanwhile; try again');
  }
  await forgetReplacedOverlay(deps, post, imageUrl);
  return { post: postToWire(updated) };
}
