import { conflict, unprocessable } from '@lps/common';
import { postToWire, reconnectDeadline, type NetworkConnection } from '@lps/db';
import type { Needs } from '../deps.js';
import { assertReadyForWork, READY_FOR_WORK } from '../posts/post-states.js';
import { assertPublishable, getOwnedPostWithConnection } from './network-readiness.js';
import { placeJobAfterCommit } from './place-job.js';
import { assertSchedulableTime } from './schedulable-time.js';

export interface SchedulePostInput {
  id: string;
  /** ISO-8601 with Z or an offset (checked by the request schema). */
  scheduled_at: string;
}

/** A post due after the member's LinkedIn connection ends would fail on the day: say so now (issue 17.3). */
function assertConnectedAt(at: Date, connection: NetworkConnection | null): void {
  const deadline = reconnectDeadline(connection);
  if (deadline && at > deadline) {
    throw unprocessable(`the member's LinkedIn connection ends at ${deadline.toISOString()}, before scheduled_at: reconnect (lps member connect <member-id>) or schedule earlier`, {
      scheduled_at: `after the LinkedIn connection ends (${deadline.toISOString()})`,
    });
  }
}

/**
 * POST /posts/{id}/schedule: stores scheduled_at (UTC) and state `scheduled`;
 * the delayed job `publish-<id>` is placed, or moved when the post was already
 * scheduled. The database stays the truth: the sweeper restores a lost job.
 */
export async function schedulePost(deps: Needs<'findWithConnection' | 'schedulePublication', 'queues' | 'config' | 'request'>, memberId: string, input: SchedulePostInput) {
  const { post, connection } = await getOwnedPostWithConnection(deps, memberId, input.id);
  assertReadyForWork(post, 'schedule');
  if (post.publishRequestedAt) throw conflict('the post is being published and can no longer be scheduled');
  const at = new Date(input.scheduled_at);
  assertSchedulableTime(at);
  assertPublishable(deps, post, connection);
  assertConnectedAt(at, connection);
  // One conditional statement: a publication that starts meanwhile makes this a 409, never a silent overwrite.
  const scheduled = await deps.repos.schedulePublication(post.id, READY_FOR_WORK, at, new Date());
  if (!scheduled) throw conflict('the post changed meanwhile and can no longer be scheduled');
  await placeJobAfterCommit(deps, post.id, at, post);
  return { post: postToWire(scheduled) };
}
