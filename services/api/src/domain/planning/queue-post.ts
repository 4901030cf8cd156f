import { conflict, unprocessable } from '@lps/common';
import { postToWire, reconnectDeadline } from '@lps/db';
import type { Needs } from '../deps.js';
import { assertPublishable, getOwnedPostWithConnection } from '../publishing/network-readiness.js';
import { placeJobAfterCommit } from '../publishing/place-job.js';
import { oneYearAfter } from '../publishing/schedulable-time.js';
import { assertMayBeScheduled, connectionEndsBefore } from '../publishing/schedule-post.js';
import { memberPlanning } from './member-planning.js';
import { slotInstantChunks } from './posting-slots.js';

/** Lost races in a row before the answer is 409 (each is a write of another request on this post in between). */
const ATTEMPTS = 3;

export interface QueuePostInput {
  id: string;
}

/**
 * POST /posts/{id}/queue: schedules the post on the earliest slot of the member's posting
 * schedule at least LPS_QUEUE_LEAD (two minutes) from `now` that no other post of theirs takes, within a year
 * (and before their LinkedIn connection ends). A queued post is a scheduled post: the same
 * state rules, the same conditional write, job and sweeper as POST /schedule (decision 0030).
 * When the post changed between the read and the write, it is read again and, if the change
 * still applies, queued again.
 */
export async function queuePost(
  deps: Needs<'findWithConnection' | 'findMemberSettings' | 'queueInFreeSlot', 'queues' | 'config' | 'request'>,
  memberId: string,
  input: QueuePostInput,
  now: Date,
) {
  for (let attempt = 1; ; attempt += 1) {
    const found = await getOwnedPostWithConnection(deps, memberId, input.id);
    assertMayBeScheduled(found, 'queued');
    assertPublishable(deps, found.post, found.connection);
    const planning = await memberPlanning(deps, memberId);
    if (planning.postingSlots.length === 0) throw unprocessable('the posting schedule has no slots: add some with PUT /schedule', { slots: 'the posting schedule is empty' });
    const yearAhead = oneYearAfter(now);
    const deadline = reconnectDeadline(found.connection);
    const until = deadline && deadline < yearAhead ? deadline : yearAhead;
    const outcome = await deps.repos.queueInFreeSlot({
      postId: found.post.id,
      memberId,
      allowedFrom: [found.post.status],
      candidates: slotInstantChunks(planning, new Date(now.getTime() + deps.config.network.queueLeadMs), until),
      now,
    });
    if ('post' in outcome) {
      // The publish job as for POST /schedule; Redis is asked whether one lingers (an unscheduled post's, say).
      await placeJobAfterCommit(deps, found.post.id, outcome.post.scheduledAt as Date, found.post, { jobMayLinger: true });
      return { post: postToWire(outcome.post) };
    }
    if (outcome.problem === 'no free slot') {
      if (until !== yearAhead) throw connectionEndsBefore(until, 'the next free slot');
      throw unprocessable('no free slot in the posting schedule within a year: add slots (PUT /schedule) or unschedule a post', { slots: 'every slot within a year is taken' });
    }
    if (attempt === ATTEMPTS) throw conflict('the post kept changing meanwhile; read it again and retry');
  }
}
