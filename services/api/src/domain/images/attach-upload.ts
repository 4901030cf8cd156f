import { MAX_IMAGE_CANDIDATES } from '@lps/ai';
import { unprocessable } from '@lps/common';
import { imageCandidatesOf, updatePostIfStatus, type Prisma } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { READY_FOR_WORK } from '../posts/post-states.js';
import { assertImagesAllowed } from './image-states.js';
import type { StagedUpload } from './stage-upload.js';
import { uploadCandidates } from './upload-variants.js';

/**
 * Makes a staged upload the post's image or document: checks the post
 * (404, 409), the content (422), renders the variants and appends them all
 * as candidates. Any failure removes every file this upload wrote.
 */
export async function attachUpload(deps: UseCaseDeps, memberId: string, postId: string, staged: StagedUpload, field: 'file' | 'image_url') {
  const { runtime, services } = deps;
  const written = [staged.key];
  try {
    const post = await getOwnedPost(runtime.sql, memberId, postId);
    assertImagesAllowed(post, 'upload an image to');
    const added = await uploadCandidates(services.storage, staged, field, written);
    const existing = imageCandidatesOf(post.imageCandidates);
    if (existing.length + added.length > MAX_IMAGE_CANDIDATES) {
      throw unprocessable(`the post has ${existing.length} image candidates; this upload adds ${added.length} and one post may have at most ${MAX_IMAGE_CANDIDATES}`);
    }
    const updated = await updatePostIfStatus(runtime.db, post.id, READY_FOR_WORK, {
      imageCandidates: [...existing, ...added] as unknown as Prisma.InputJsonValue,
      imageUrl: staged.url,
      format: staged.type === 'application/pdf' ? 'document' : 'image',
    });
    if (!updated) {
      assertImagesAllowed(await getOwnedPost(runtime.sql, memberId, postId), 'upload an image to');
      throw unprocessable('the post changed meanwhile; try again');
    }
    return { image_url: staged.url, candidates: added };
  } catch (error) {
    await Promise.all(written.map((key) => services.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
