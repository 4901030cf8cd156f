import type { Needs } from '../deps.js';
import { assertPlanningRange } from './list-slots.js';
import { memberPlanning } from './member-planning.js';
import { slotsBetween } from './posting-slots.js';
import { localMinuteOf, zonedOf } from './time-zones.js';

export interface CalendarInput {
  /** ISO-8601 with Z or an offset (checked by the request schema); included. */
  from: string;
  /** Excluded; at most 92 days after `from`. */
  to: string;
}

/**
 * GET /calendar (decision 0040): in one database call, the member's scheduled posts (at their
 * scheduled time), published posts (at their publication) and the occurrences of their posting
 * schedule that no scheduled post takes, in [from, to). `local` is the member's wall time then,
 * each date converted with its own zone rules (Temporal), so a 09:00 slot shows 09:00 on both sides
 * of a daylight-saving change.
 */
export async function getCalendar(deps: Needs<'findMemberSettings' | 'readCalendarPosts'>, memberId: string, input: CalendarInput) {
  const from = new Date(input.from);
  const to = new Date(input.to);
  assertPlanningRange(from, to);
  const [planning, { posts, truncated }] = await Promise.all([memberPlanning(deps, memberId), deps.repos.readCalendarPosts(memberId, from, to)]);
  const zone = planning.timeZone;
  const local = (at: Date) => localMinuteOf(zonedOf(at, zone));
  // A slot is taken by a post scheduled at exactly its instant (decision 0030): the scheduled posts are among the entries.
  const taken = new Set(posts.filter((post) => post.status !== 'published').map((post) => post.at.getTime()));
  const free = slotsBetween(planning, from, to).filter((slot) => slot.at < to && !taken.has(slot.at.getTime()));
  return {
    calendar: {
      time_zone: zone,
      entries: posts.map((post) => ({
        post_id: post.postId,
        status: post.status,
        at: post.at.toISOString(),
        local: local(post.at),
        title: post.title,
        format: post.format,
        network_url: post.networkUrl,
      })),
      free_slots: free.map((slot) => ({ at: slot.at.toISOString(), local: slot.local })),
      truncated,
    },
  };
}
