import { sleep } from '@lps/common';
import { postToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from './find-post.js';

/** What a caller waits for after a 202: image candidates, or the end of a publication (published or failed). */
export type PostWaitCondition = 'images' | 'publication';

const POLL_MS = 500;

/**
 * Polls the post until the background job settled or the time is up — bounded,
 * so a caller (an MCP tool) always answers; `settled: false` means "call again".
 */
export async function waitForPost(deps: Needs<'readOwnedPost'>, memberId: string, postId: string, until: PostWaitCondition, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const post = await getOwnedPost(deps, memberId, postId);
    const settled = until === 'images' ? post.status !== 'generating_images' : post.publishRequestedAt === null;
    if (settled || Date.now() >= deadline) return { post: postToWire(post), settled };
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}
