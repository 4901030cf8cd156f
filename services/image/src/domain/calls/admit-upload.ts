import { MAX_IMAGE_CANDIDATES, overlayChanges } from '@lps/ai';
import { imageCandidatesOf, READY_FOR_WORK, type ImageCandidate, type Prisma, type TransactionRepositories } from '@lps/db';
import type { AttachUploadResult } from '@lps/queue';
import type { Needs } from '../image-context.js';
import { ABANDONED, ContentProblem, refused } from './content-problem.js';
import { uploadCandidates } from './upload-candidates.js';
import { removeUploadFiles } from './upload-files.js';

class CallerGone extends Error {}

/** What the post becomes with this upload as its media. */
const FORMATS: Record<string, 'document' | 'video'> = { 'application/pdf': 'document', 'video/mp4': 'video' };

/** Why the append was refused, from the post as it is now. */
async function refusalOf(tx: TransactionRepositories, postId: string, adding: number): Promise<AttachUploadResult> {
  const post = await tx.findPostById(postId);
  if (!post || !READY_FOR_WORK.includes(post.status)) return refused('post', 'the post changed meanwhile');
  // A poll was added meanwhile: LinkedIn publishes a poll without media (decision 0033).
  if (post.format === 'poll') return refused('post', 'the post has a poll, which carries no image, document or video');
  const existing = imageCandidatesOf(post.imageCandidates).length;
  return refused('cap', `the post has ${existing} image candidates; this upload adds ${adding} and one post may have at most ${MAX_IMAGE_CANDIDATES}`);
}

/**
 * The answer is kept only while the caller still waits: the candidates are appended
 * and the request is finished in one transaction, which is rolled back when the
 * request was abandoned meanwhile (the caller answered 503 and keeps nothing). The
 * post's row is locked first, like every post write (decision 0027): the overlay the
 * upload replaces is recorded as dropped, and deleted once the transaction commits.
 */
async function keepAnswer(
  deps: Needs<'transaction', 'storage' | 'log'>,
  request: { id: string; postId: string },
  staged: { key: string; type: string },
  added: ImageCandidate[],
): Promise<AttachUploadResult> {
  const { answer, dropped } = await deps.repos.transaction(async (tx) => {
    const before = await tx.lockPost(request.postId);
    const imageUrl = deps.storage.urlFor(staged.key);
    const appended = await tx.appendImageCandidates(request.postId, added, {
      imageUrl,
      format: FORMATS[staged.type] ?? 'image',
      // An image upload becomes the post's one image, with the alt text its candidates carry (decision 0022).
      images: FORMATS[staged.type] ? null : [{ image_url: imageUrl, alt_text: added[0]?.alt_text ?? null }],
      allowedFrom: READY_FOR_WORK,
      max: MAX_IMAGE_CANDIDATES,
    });
    const answer: AttachUploadResult = appended ? { outcome: 'attached', image_url: imageUrl, candidates: added } : await refusalOf(tx, request.postId, added.length);
    const reason = answer.outcome === 'refused' ? answer.message : undefined;
    if (!(await tx.finishImageCall(request.id, appended ? 'completed' : 'failed', answer as unknown as Prisma.InputJsonValue, reason))) throw new CallerGone();
    const after = appended && before ? await tx.findPostById(request.postId) : null;
    const { dropped } = before && after ? overlayChanges(before, after, (url) => deps.storage.keyFromUrl(url)) : { dropped: [] };
    await tx.recordDroppedFiles(request.postId, dropped);
    return { answer, dropped };
  });
  for (const key of dropped)
    await deps.storage.delete(key).catch((error: Error) => deps.log.warn('an overlay the upload replaced could not be deleted', { key, error: error.message }));
  return answer;
}

/**
 * The attach-upload call's work (the API's attachUpload waits for its answer): checks
 * the staged file — an image decoded whole, its metadata stripped and its fitted
 * variants rendered; a PDF's pages; an MP4's own limits — and admits what passes as the
 * post's image, document or video. Whatever is refused, fails or was abandoned leaves
 * no file behind; a repeated run (a stalled job run again) answers what the first did.
 */
export async function admitUpload(deps: Needs<'findImageRequest' | 'finishImageCall' | 'transaction', 'storage' | 'log'>, requestId: string): Promise<AttachUploadResult> {
  const request = await deps.repos.findImageRequest(requestId);
  // Gone with its post (whose files go with it), or not an upload: there is nothing to do.
  if (!request || request.kind !== 'upload' || !request.sourceKey) return ABANDONED;
  const staged = { key: request.sourceKey, type: request.contentType ?? '', title: request.title, altText: request.altText };
  if (request.status === 'completed' || request.status === 'failed') {
    if (request.result) return request.result as unknown as AttachUploadResult;
    await removeUploadFiles(deps.storage, staged.key);
    return ABANDONED;
  }
  let answer: AttachUploadResult;
  try {
    answer = await keepAnswer(deps, request, staged, await uploadCandidates(deps.storage, staged));
  } catch (error) {
    await removeUploadFiles(deps.storage, staged.key);
    if (error instanceof CallerGone) {
      deps.log.info('upload finished after its caller stopped waiting; its files were removed', { image_request_id: requestId });
      return ABANDONED;
    }
    if (!(error instanceof ContentProblem)) throw error;
    answer = refused('content', error.message);
    if (!(await deps.repos.finishImageCall(requestId, 'failed', answer as unknown as Prisma.InputJsonValue, answer.message))) return ABANDONED;
  }
  if (answer.outcome === 'refused') await removeUploadFiles(deps.storage, staged.key);
  return answer;
}
