import { conflict } from '@lps/common';
import { postToWire, type Post } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { assertNotPublished } from '../posts/post-states.js';
import { dropJobAfterCommit } from '../publishing/place-job.js';

const ATTEMPTS = 3;

function assertScheduled(post: Post): void {
  assertNotPublished(post);
  if (post.publishRequestedAt) throw conflict('the post is being published; wait for the result (GET /posts/{id})');
  if (post.status === 'generating_images' && post.statusBeforeImages === 'scheduled')
    throw conflict('images are being generated for this scheduled post; unschedule it once they are ready');
  if (post.status !== 'scheduled') throw conflict('the post is not scheduled');
}

/**
 * POST /posts/{id}/unschedule: the post goes back to the state it had before it was scheduled
 * or queued, and its slot is free for the next queue call. 409 when it is not scheduled or its
 * publication has started. A write of another request in between (an edit) is read and the
 * unscheduling tried again.
 */
export async function unschedulePost(deps: Needs<'readOwnedPost' | 'unschedulePublication', 'queues' | 'request'>, memberId: string, id: string, now: Date) {
  for (let attempt = 1; ; attempt += 1) {
    assertScheduled(await getOwnedPost(deps, memberId, id));
    const updated = await deps.repos.unschedulePublication(id, now);
    if (updated) {
      await dropJobAfterCommit(deps, id);
      return { post: postToWire(updated) };
    }
    if (attempt === ATTEMPTS) throw conflict('the post kept changing meanwhile; read it again and retry');
  }
}
