import { MAX_IMAGE_CANDIDATES } from '@lps/ai';
import { imageCandidatesOf, READY_FOR_WORK, type ImageCandidate, type Prisma, type Repositories, type TransactionRepositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { AttachUploadResult } from '@lps/queue';
import type { FileStorage } from '@lps/storage';
import { ABANDONED, ContentProblem, refused } from './content-problem.js';
import { uploadCandidates } from './upload-candidates.js';
import { removeUploadFiles } from './upload-files.js';

export interface ImageCallDeps {
  repos: Pick<Repositories, 'findImageRequest' | 'findPostById' | 'finishImageCall' | 'transaction'>;
  storage: FileStorage;
}

class CallerGone extends Error {}

/** What the post becomes with this upload as its media. */
const FORMATS: Record<string, 'document' | 'video'> = { 'application/pdf': 'document', 'video/mp4': 'video' };

/** Why the append was refused, from the post as it is now. */
async function refusalOf(tx: TransactionRepositories, postId: string, adding: number): Promise<AttachUploadResult> {
  const post = await tx.findPostById(postId);
  if (!post || !READY_FOR_WORK.includes(post.status)) return refused('post', 'the post changed meanwhile');
  const existing = imageCandidatesOf(post.imageCandidates).length;
  return refused('cap', `the post has ${existing} image candidates; this upload adds ${adding} and one post may have at most ${MAX_IMAGE_CANDIDATES}`);
}

/**
 * The answer is kept only while the caller still waits: the candidates are appended
 * and the request is finished in one transaction, which is rolled back when the
 * request was abandoned meanwhile (the caller answered 503 and keeps nothing).
 */
async function keepAnswer(
  deps: ImageCallDeps,
  request: { id: string; postId: string },
  staged: { key: string; type: string },
  added: ImageCandidate[],
): Promise<AttachUploadResult> {
  return deps.repos.transaction(async (tx) => {
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
    return answer;
  });
}

/**
 * The attach-upload call: checks and renders the staged file, then makes it the
 * post's image or document. Whatever is refused, fails or was abandoned leaves no
 * file behind; a repeated run (a stalled job run again) answers what the first did.
 */
export async function attachUpload(deps: ImageCallDeps, requestId: string, log: Logger): Promise<AttachUploadResult> {
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
      log.info('upload finished after its caller stopped waiting; its files were removed', { image_request_id: requestId });
      return ABANDONED;
    }
    if (!(error instanceof ContentProblem)) throw error;
    answer = refused('content', error.message);
    if (!(await deps.repos.finishImageCall(requestId, 'failed', answer as unknown as Prisma.InputJsonValue, answer.message))) return ABANDONED;
  }
  if (answer.outcome === 'refused') await removeUploadFiles(deps.storage, staged.key);
  return answer;
}
