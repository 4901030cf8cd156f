import Joi from 'joi';
import { WEEKDAYS, type PostingSlot, type WireSchedule, type WireSettings } from '@lps/db';
// The use cases' input types are the schemas' static types (decision 0023).
import {
  timeZoneIdOf,
  type GridCell,
  type ListSlotsInput,
  type ScheduleChange,
  type SettingsChange,
  type SuggestedTime,
  type Suggestions,
  type SuggestionsInput,
} from '../domain/planning/index.js';
import { dateTime, uuid } from './common.js';
import { dateTimeWithOffset } from './publishing.js';

/** At most this many slots in a posting schedule (more is not a schedule, it is a feed). */
export const MAX_POSTING_SLOTS = 50;

const timeZone = () =>
  Joi.string()
    .max(64)
    .custom((value: string, helpers) => timeZoneIdOf(value) ?? helpers.error('timeZone.unknown'))
    .messages({ 'timeZone.unknown': '{{#label}} must be an IANA time zone name the time-zone database knows, e.g. Europe/Paris or America/New_York' })
    .example('Europe/Paris');

const day = () => Joi.string().valid(...WEEKDAYS);

const wallTime = () =>
  Joi.string()
    .pattern(/^([01]\d|2[0-3]):[0-5]\d$/)
    .messages({ 'string.pattern.base': '{{#label}} must be a wall time "HH:MM" from 00:00 to 23:59, e.g. 09:00' })
    .example('09:00');

export const SettingsSchema = Joi.object<WireSettings, true>({
  time_zone: Joi.string().required().description('IANA time zone name: posting slots and suggestions are in it.'),
  approval_required: Joi.boolean().required().description('Scheduling, queueing and publishing need an approved post (POST /posts/{id}/approve).'),
}).label('Settings');

export const SettingsEnvelopeSchema = Joi.object({ settings: SettingsSchema.required() }).label('SettingsEnvelope');

export const UpdateSettingsBody = Joi.object<SettingsChange, true>({
  time_zone: timeZone().description('An IANA name (Europe/Paris); stored as the time-zone database spells it. Slots keep their wall times.'),
  approval_required: Joi.boolean().description('true: only an approved post may be scheduled, queued or published.'),
}).or('time_zone', 'approval_required');

export const PostingSlotSchema = Joi.object<PostingSlot, true>({
  day: day().required(),
  time: wallTime().required().description("A wall time in the member's time zone."),
}).meta({ title: 'PostingSlot' });

export const ScheduleSchema = Joi.object<WireSchedule, true>({
  time_zone: Joi.string().required(),
  slots: Joi.array().items(PostingSlotSchema).max(MAX_POSTING_SLOTS).required().description('Monday first, then by time.'),
}).label('PostingSchedule');

export const ScheduleEnvelopeSchema = Joi.object({ schedule: ScheduleSchema.required() }).label('PostingScheduleEnvelope');

export const PutScheduleBody = Joi.object<ScheduleChange, true>({
  slots: Joi.array()
    .items(PostingSlotSchema)
    .max(MAX_POSTING_SLOTS)
    .required()
    .description(`0–${MAX_POSTING_SLOTS} slots; they replace the schedule, duplicates folded, sorted Monday first, then by time.`),
});

/** Its date exists on the calendar: JavaScript's Date reads 2027-02-31 as 3 March. */
const onTheCalendar = (value: string): boolean => {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
};

export const slotBound = () => dateTimeWithOffset().custom((value: string, helpers) => (onTheCalendar(value) ? value : helpers.error('string.pattern.base')));

export const SlotsQuery = Joi.object<ListSlotsInput, true>({
  from: slotBound().description('Start (included); default now.'),
  to: slotBound().description('End (included); default 14 days after from; at most 92 days after it.'),
});

const SlotSchema = Joi.object({
  at: dateTime().required().description('The instant, UTC.'),
  local: Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .required()
    .description("The member's wall time then, e.g. 2026-12-01T09:00 (a slot in a skipped hour shows where it falls)."),
  post_id: uuid().allow(null).required().description('The scheduled post on this slot, or null when it is free.'),
}).label('Slot');

export const SlotsSchema = Joi.object({ data: Joi.array().items(SlotSchema).required() }).label('Slots');

const SuggestedTimeSchema = Joi.object<SuggestedTime, true>({
  day: day().required(),
  time: wallTime().required().description("The start of the hour, in the member's time zone."),
  score: Joi.number()
    .min(0)
    .allow(null)
    .required()
    .description("How the member's posts at this hour did against their usual engagement rate (1 = usual); null for the default list."),
}).label('SuggestedTime');

export const SuggestionsQuery = Joi.object<SuggestionsInput, true>({
  detail: Joi.string().valid('grid').description('grid: add the weekday × hour picture behind the suggestion (additive).'),
});

const GridCellSchema = Joi.object<GridCell, true>({
  day: day().required(),
  hour: Joi.number().integer().min(0).max(23).required().description("The hour in the member's time zone."),
  posts: Joi.number().integer().min(1).required(),
  score: Joi.number()
    .min(0)
    .allow(null)
    .required()
    .description("How the member's posts at this hour did against their usual engagement rate (1 = usual); null while nothing was ever liked, commented or shared."),
}).label('PostingGridCell');

export const SuggestionsSchema = Joi.object({
  suggestions: Joi.object<Suggestions & { grid?: GridCell[] }, true>({
    basis: Joi.string().valid('history', 'default').required().description("history: from the member's own published posts; default: too few of them yet."),
    posts_considered: Joi.number().integer().min(0).required().description('Published posts of the last year with analytics that were weighed.'),
    times: Joi.array().items(SuggestedTimeSchema).max(5).required().description('Best first.'),
    grid: Joi.array()
      .items(GridCellSchema)
      .max(168)
      .description('With ?detail=grid (additive): every weekday × hour (member’s zone) the weighed posts were published at, Monday first, then by hour.'),
  })
    .required()
    .label('Suggestions'),
}).label('SuggestionsEnvelope');
