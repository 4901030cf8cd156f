import { uploadFileKeys } from '@lps/ai';
import { serviceUnavailable, unprocessable, type AppError } from '@lps/common';
import type { ImageCallRefusal } from '@lps/queue';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { askImageService } from './ask-image-service.js';
import { assertImagesAllowed } from './image-states.js';
import type { StagedUpload } from './stage-upload.js';

/** The error a refusal of the image service becomes: the file (422 on the field), the post (404, 409) or the cap (422). */
export async function refusalError(
  deps: Needs<'readOwnedPost'>,
  refusal: ImageCallRefusal,
  target: { memberId: string; postId: string; field: string; action: string },
): Promise<AppError> {
  if (refusal.problem === 'content') return unprocessable(refusal.message, { [target.field]: refusal.message });
  if (refusal.problem === 'cap') return unprocessable(refusal.message);
  if (refusal.problem === 'post') {
    assertImagesAllowed(await getOwnedPost(deps, target.memberId, target.postId), target.action);
    return unprocessable('the post changed meanwhile; try again');
  }
  return serviceUnavailable('the image service dropped the request; nothing was changed, try again', 10);
}

/**
 * Makes a staged upload the post's (one) image or document, with its alt text: the image service checks
 * the content (422), renders the variants and appends them all as candidates,
 * atomically with the cap and the post's state (decision 0006). This request
 * waits for it; if it gives up, nothing is attached and the staged file goes.
 */
export async function attachUpload(
  deps: Needs<'createImageCallRequest' | 'abandonImageCall' | 'findImageRequest' | 'readOwnedPost', 'calls' | 'config' | 'request' | 'clients'>,
  memberId: string,
  postId: string,
  staged: StagedUpload,
  field: 'file' | 'image_url',
  altText?: string | null,
) {
  const { repos, clients } = deps;
  // The original and any variant a worker wrote before it stopped (killed, say): an abandoned upload keeps no file.
  const discard = async () => void (await Promise.all(uploadFileKeys(staged.key).map((key) => clients.storage.delete(key))));
  let request;
  try {
    request = await repos.createImageCallRequest({
      id: staged.requestId,
      postId,
      memberId,
      kind: 'upload',
      sourceKey: staged.key,
      contentType: staged.type,
      ...(staged.title ? { title: staged.title } : {}),
      // An image's alt text travels with the request: the image service stores it on the candidates and the post (decision 0022).
      ...(altText && staged.type !== 'application/pdf' ? { altText } : {}),
    });
  } catch (error) {
    await discard().catch(() => undefined);
    throw error;
  }
  const answer = await askImageService(deps, 'attach-upload', request, discard);
  if (answer.outcome === 'attached') return { image_url: answer.image_url, candidates: answer.candidates };
  throw await refusalError(deps, answer, { memberId, postId, field, action: 'upload an image to' });
}
