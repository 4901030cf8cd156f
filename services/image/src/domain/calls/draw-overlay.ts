import { hookOf, overlayKeyOf, overlayKeyPrefix } from '@lps/ai';
import { renderOverlay } from '@lps/ai/image';
import type { Prisma } from '@lps/db';
import type { DrawOverlayResult } from '@lps/queue';
import { ABANDONED, refused } from './content-problem.js';
import type { Needs } from '../image-context.js';

/**
 * The draw-overlay call: the post's hook over the chosen image, in a file of its
 * own named by the pair (`overlayKeyOf`), drawn once. The API selects it. A file
 * drawn after the caller stopped waiting is kept: it is exactly what the caller's
 * retry asks for, and it is found at once then (decision 0006).
 */
export async function drawOverlay(
  deps: Needs<'findImageRequest' | 'findPostById' | 'droppedFilesStartingWith' | 'finishImageCall', 'storage'>,
  requestId: string,
): Promise<DrawOverlayResult> {
  const { repos } = deps;
  const request = await repos.findImageRequest(requestId);
  if (!request || request.kind !== 'overlay' || !request.sourceKey) return ABANDONED;
  if (request.result) return request.result as unknown as DrawOverlayResult;
  const post = await repos.findPostById(request.postId);
  if (!post) return refused('post', 'the post is gone');
  const hook = hookOf({ body: post.body, idea: post.idea });
  const sourceKey = request.sourceKey;
  let answer: DrawOverlayResult;
  if (!hook) {
    // The text went while the request waited: there is nothing to draw, so the image stays as it is.
    answer = { outcome: 'drawn', image_url: deps.storage.urlFor(sourceKey) };
  } else {
    // A file of the pair that a write took off the post is gone (or going): the pair's next one is drawn (decision 0027).
    const key = overlayKeyOf(post, sourceKey, hook, await repos.droppedFilesStartingWith(post.id, overlayKeyPrefix(post, sourceKey, hook)));
    answer = { outcome: 'drawn', image_url: deps.storage.urlFor(key) };
    if (!(await deps.storage.exists(key))) {
      // libvips failing is the image's problem (422); storage failing is ours (the job fails, the caller answers 503).
      const drawn = (await deps.storage.exists(sourceKey)) ? await deps.storage.withLocalPath(sourceKey, (path) => renderOverlay(path, hook).catch(() => undefined)) : undefined;
      if (drawn) await deps.storage.put(key, drawn.data, drawn.contentType);
      else answer = refused('content', 'the image cannot be drawn on');
    }
  }
  await repos.finishImageCall(requestId, answer.outcome === 'drawn' ? 'completed' : 'failed', answer as unknown as Prisma.InputJsonValue);
  return answer;
}
