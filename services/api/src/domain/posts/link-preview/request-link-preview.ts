import { enqueue } from '@lps/queue';
import type { Needs } from '../../deps.js';
import type { NextLinkPreview } from './link-preview-state.js';

/**
 * Asks the research worker to read the card's page, after the post is saved. The
 * request never waits for the page. Should the queue be unreachable the card stays
 * pending: the publisher asks again before it publishes (decision 0017).
 */
export async function requestLinkPreview({ queues, request }: Needs<never, 'queues' | 'request'>, postId: string, next: NextLinkPreview): Promise<void> {
  if (!next.fetch || !next.stored) return;
  try {
    await enqueue(queues, 'fetch-link-preview', { postId, requestId: next.stored.request_id }, { requestId: request.id });
  } catch (error) {
    request.log.warn("could not queue the link card's page read; the publisher will ask again", { post_id: postId, error: (error as Error).message });
  }
}
