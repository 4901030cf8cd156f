import { conflict, unprocessable } from '@lps/common';
import { postToWire, reconnectDeadline, type NetworkConnection, type PostWithConnection } from '@lps/db';
import type { Needs } from '../deps.js';
import { assertApprovedIfRequired, assertReadyForWork } from '../posts/post-states.js';
import { writePost, type WriteDeps } from '../posts/write-post.js';
import { assertPublishable, getOwnedPostWithConnection } from './network-readiness.js';
import { placeJobAfterCommit } from './place-job.js';
import { assertSchedulableTime } from './schedulable-time.js';

export interface SchedulePostInput {
  id: string;
  /** ISO-8601 with Z or an offset (checked by the request schema). */
  scheduled_at: string;
}

/** The refusal of a time after the member's LinkedIn connection ends (the end named). */
export const connectionEndsBefore = (deadline: Date, field: string) =>
  unprocessable(`the member's LinkedIn connection ends at ${deadline.toISOString()}, before ${field}: reconnect (lps member connect <member-id>) or schedule earlier`, {
    [field]: `after the LinkedIn connection ends (${deadline.toISOString()})`,
  });

/** A post due after the member's LinkedIn connection ends would fail on the day: say so now (issue 17.3). */
function assertConnectedAt(at: Date, connection: NetworkConnection | null): void {
  const deadline = reconnectDeadline(connection);
  if (deadline && at > deadline) throw connectionEndsBefore(deadline, 'scheduled_at');
}

/** The state checks of scheduling and queueing (409): published, generating images, rejected, in flight, not approved while approval is required. */
export function assertMayBeScheduled(found: PostWithConnection, action: 'scheduled' | 'queued'): void {
  assertReadyForWork(found.post, action === 'scheduled' ? 'schedule' : 'queue');
  if (found.post.publishRequestedAt) throw conflict(`the post is being published and can no longer be ${action}`);
  assertApprovedIfRequired(found, action);
}

/**
 * POST /posts/{id}/schedule: stores scheduled_at (UTC) and state `scheduled`;
 * the delayed job `publish-<id>` is placed, or moved when the post was already
 * scheduled. Decided on the post as it is in this write's turn (decision 0027): a
 * publication that started meanwhile is a 409, never a silent overwrite. The database
 * stays the truth: the sweeper restores a lost job.
 */
export async function schedulePost(deps: WriteDeps & Needs<'findWithConnection', 'queues' | 'config' | 'request'>, memberId: string, input: SchedulePostInput) {
  const found = await getOwnedPostWithConnection(deps, memberId, input.id);
  const at = new Date(input.scheduled_at);
  const { post, before } = await writePost(deps, memberId, input.id, (current) => {
    assertMayBeScheduled({ ...found, post: current }, 'scheduled');
    assertSchedulableTime(at);
    assertPublishable(deps, current, found.connection);
    assertConnectedAt(at, found.connection);
    // Rescheduling keeps the state to return to on unschedule (decision 0030).
    const statusBeforeSchedule = current.status === 'scheduled' ? current.statusBeforeSchedule : current.status;
    // As every request to publish (the batched statements): a failure's record ends here, so the post leaves the failure inbox (decision 0038).
    return { set: { status: 'scheduled', scheduledAt: at, lastError: null, publishFailedAt: null, publishErrorCode: null, statusBeforeSchedule } };
  });
  await placeJobAfterCommit(deps, post.id, at, before, { jobMayLinger: found.approvalRequired });
  return { post: postToWire(post) };
}
