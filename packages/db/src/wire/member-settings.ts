import type { MemberSettings } from '../generated/prisma/client.js';

/** The days of a posting schedule, Monday first (ISO 8601: Monday is day 1). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// Type aliases, not interfaces: stored as JSON (member_settings.posting_slots), like the wire objects.
/** One slot of a posting schedule: a weekday and a wall time ("HH:MM") in the member's time zone. */
export type PostingSlot = { day: Weekday; time: string };

/** A member's planning settings as the use cases read them: the stored row, or the defaults for a member without one. */
export type PlanningSettings = Pick<MemberSettings, 'timeZone' | 'approvalRequired'> & { postingSlots: PostingSlot[] };

/** The stored row as PlanningSettings (the slots column holds what PUT /schedule wrote). */
export const planningSettingsOf = (row: MemberSettings): PlanningSettings => ({
  timeZone: row.timeZone,
  approvalRequired: row.approvalRequired,
  postingSlots: row.postingSlots as PostingSlot[],
});

/** GET /settings: `{settings: {time_zone, approval_required}}`. */
export const settingsToWire = (settings: PlanningSettings) => ({ settings: { time_zone: settings.timeZone, approval_required: settings.approvalRequired } });

/** GET /schedule: `{schedule: {time_zone, slots}}`. */
export const scheduleToWire = (settings: PlanningSettings) => ({
  schedule: { time_zone: settings.timeZone, slots: settings.postingSlots.map(({ day, time }) => ({ day, time })) },
});

export type WireSettings = ReturnType<typeof settingsToWire>['settings'];
export type WireSchedule = ReturnType<typeof scheduleToWire>['schedule'];
