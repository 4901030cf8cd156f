import { serviceUnavailable, unprocessable, type AppError } from '@lps/common';
import { CallFailedError, CallTimeoutError, type ImageCallRefusal, type JobPayload, type JobResult } from '@lps/queue';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { assertImagesAllowed } from '../posts/post-states.js';

/** What a client told 503 is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

type ImageCall = 'attach-upload' | 'draw-overlay';

/**
 * Asks the image service for the work of an image request and waits for the
 * answer, at most LPS_IMAGE_WAIT (decision 0006). When no answer comes in time,
 * the job failed or could not be queued, the request is abandoned in the database
 * — a conditional write the service's own completion races against — so either
 * the service's answer was stored first and is returned, or nothing it does later
 * is kept: `discard` removes what the request had staged, and the caller is told
 * 503 with Retry-After.
 */
export async function askImageService<N extends ImageCall>(
  deps: Needs<'abandonImageCall' | 'findImageRequest', 'calls' | 'config' | 'request'>,
  name: N,
  request: { id: string; memberId: string },
  discard: () => Promise<void>,
): Promise<JobResult<N>> {
  const { repos } = deps;
  const waitMs = deps.config.images.waitMs;
  try {
    const payload = { imageRequestId: request.id, memberId: request.memberId } as JobPayload<N>;
    return await deps.calls.call(name, payload, { timeoutMs: waitMs, requestId: deps.request.id });
  } catch (error) {
    const abandoned = await repos.abandonImageCall(request.id, (error as Error).message.slice(0, 500));
    if (!abandoned) {
      const stored = await repos.findImageRequest(request.id);
      if (stored?.result) return stored.result as JobResult<N>;
    }
    await discard().catch((failure: Error) => deps.request.log.warn('an abandoned upload could not be removed', { error: failure.message }));
    if (error instanceof CallTimeoutError) {
      throw serviceUnavailable(`the image service did not answer within ${waitMs / 1000} s; nothing was changed, try again`, RETRY_AFTER_SECONDS, error);
    }
    if (error instanceof CallFailedError) {
      deps.request.log.error(`image service call ${name} failed`, { image_request_id: request.id, error: error.message });
      throw serviceUnavailable('the image service could not do this now; nothing was changed, try again', RETRY_AFTER_SECONDS, error);
    }
    throw error;
  }
}

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
