import { uploadFileKeys } from '@lps/ai';
import type { Needs } from '../../deps.js';
import { askImageService, refusalError } from '../ask-image-service.js';
import type { StagedUpload } from './stage-upload.js';

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
  // Answered by the image service's `admitUpload` (services/image/src/domain/calls/admit-upload.ts).
  const answer = await askImageService(deps, 'attach-upload', request, discard);
  if (answer.outcome === 'attached') return { image_url: answer.image_url, candidates: answer.candidates };
  throw await refusalError(deps, answer, { memberId, postId, field, action: 'upload an image to' });
}
