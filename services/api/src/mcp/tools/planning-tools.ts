import { getCalendar, getSchedule, getSettings, listSlots, queuePost, setSchedule, suggestTimes, unschedulePost, updateSettings } from '../../domain/planning/index.js';
import { CalendarQuery } from '../../schemas/calendar.js';
import { PutScheduleBody, SlotsQuery, SuggestionsQuery, UpdateSettingsBody } from '../../schemas/planning.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { noInput, postIdInput } from '../tool-inputs.js';

export const planningTools: ToolDefinition[] = [
  defineTool({
    name: 'get_settings',
    title: 'Planning settings',
    description: 'The member’s time zone (IANA name; posting slots and suggested times are in it) and whether posts need approval before they are scheduled, queued or published.',
    input: noInput,
    readOnly: true,
    run: ({ deps, memberId }) => getSettings(deps, memberId),
  }),
  defineTool({
    name: 'update_settings',
    title: 'Change planning settings',
    description:
      'Sets the member’s time_zone (an IANA name such as Europe/Paris; posting slots keep their wall times) and/or approval_required (true: only posts the member approved can be scheduled, queued or published). Change these only when the member asks.',
    input: UpdateSettingsBody,
    run: ({ deps, memberId }, input) => updateSettings(deps, memberId, input),
  }),
  defineTool({
    name: 'get_schedule',
    title: 'Posting schedule',
    description: 'The member’s posting schedule: the weekdays and wall times ("HH:MM", in their time zone) that queue_post fills. A new member posts Monday to Friday at 09:00.',
    input: noInput,
    readOnly: true,
    run: ({ deps, memberId }) => getSchedule(deps, memberId),
  }),
  defineTool({
    name: 'set_schedule',
    title: 'Replace the posting schedule',
    description:
      'Replaces the member’s posting schedule with slots [{day: "monday"…"sunday", time: "HH:MM"}] (0–50, in their time zone; duplicates folded). Posts already queued keep their times.',
    input: PutScheduleBody,
    run: ({ deps, memberId }, input) => setSchedule(deps, memberId, input),
  }),
  defineTool({
    name: 'list_slots',
    title: 'Upcoming posting slots',
    description:
      'The occurrences of the posting schedule between from and to (ISO date-times with Z or an offset; default the next 14 days, at most 92): each slot’s instant (at), the member’s wall time (local) and the post on it (post_id, null when free).',
    input: SlotsQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => listSlots(deps, memberId, input, new Date()),
  }),
  defineTool({
    name: 'queue_post',
    title: 'Queue a post on the next free slot',
    description:
      'Schedules a post on the earliest free slot of the member’s posting schedule at least 2 minutes from now; the service publishes it then. When the member requires approval, the post must be approved first: queue it after they approve (ask them to review it, see approve_post).',
    input: postIdInput,
    publishes: true,
    run: ({ deps, memberId }, input) => queuePost(deps, memberId, { id: input.post_id }, new Date()),
  }),
  defineTool({
    name: 'unschedule_post',
    title: 'Unschedule a post',
    description: 'Takes a scheduled or queued post off its time: it returns to the state it had before (draft_saved, approved, …) and its slot is free again.',
    input: postIdInput,
    publishes: true,
    run: ({ deps, memberId }, input) => unschedulePost(deps, memberId, input.post_id, new Date()),
  }),
  defineTool({
    name: 'suggest_times',
    title: 'Best times to post',
    description:
      'Up to 5 weekday/hour pairs (member’s time zone) at which the member’s own published posts got the most engagement per impression, best first (basis "history"); with fewer than 10 published posts with analytics, a default list (basis "default"). detail: "grid" adds every weekday × hour the posts went out at, with their count and score. Useful before set_schedule.',
    input: SuggestionsQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => suggestTimes(deps, memberId, new Date(), input),
  }),
  defineTool({
    name: 'get_calendar',
    title: 'Calendar of posts and free slots',
    description:
      'The member’s calendar between from and to (ISO date-times with Z or an offset; to after from, at most 92 days later): every scheduled post (at its scheduled time) and published post (at its publication) with its status, title and, when published, network_url; and the free slots of the posting schedule no post takes. Times come as UTC (at) and as the member’s wall time (local, in time_zone). Use it to see what is planned before queue_post or schedule_post.',
    input: CalendarQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => getCalendar(deps, memberId, input),
  }),
];
