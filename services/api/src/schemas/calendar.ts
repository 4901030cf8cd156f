import Joi from 'joi';
// The use case's input and answer types are the schemas' static types (decision 0023).
import type { CalendarInput, getCalendar } from '../domain/planning/index.js';
import { dateTime, nullableUri, uuid } from './common.js';
import { POST_STATUSES } from './post.js';
import { slotBound } from './planning.js';

type WireCalendar = Awaited<ReturnType<typeof getCalendar>>['calendar'];

export const CalendarQuery = Joi.object<CalendarInput, true>({
  from: slotBound().required().description('Start (included): an ISO-8601 date-time with Z or an offset.'),
  to: slotBound().required().description('End (excluded): after from, at most 92 days after it.'),
});

const localMinute = () =>
  Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .description('The member\'s wall time then, "YYYY-MM-DDTHH:MM" in their time zone.');

const CalendarEntrySchema = Joi.object<WireCalendar['entries'][number], true>({
  post_id: uuid().required(),
  status: Joi.string()
    .valid(...POST_STATUSES)
    .required()
    .description('scheduled (or generating_images on its way back to scheduled) at its scheduled time; published at its publication.'),
  at: dateTime().required().description('scheduled_at, or published_at for a published post (UTC).'),
  local: localMinute().required(),
  title: Joi.string().allow('').max(120).required().description('The post\'s first line with words, at most 120 characters ("" for a post without text).'),
  format: Joi.string().valid('text', 'image', 'document', 'video', 'poll').required(),
  network_url: nullableUri().required(),
}).label('CalendarEntry');

const FreeSlotSchema = Joi.object<WireCalendar['free_slots'][number], true>({
  at: dateTime().required(),
  local: localMinute().required(),
}).label('FreeSlot');

export const CalendarEnvelopeSchema = Joi.object({
  calendar: Joi.object<WireCalendar, true>({
    time_zone: Joi.string().required().description("The member's time zone: local times are in it."),
    entries: Joi.array().items(CalendarEntrySchema).required().description('In time order (then by post id).'),
    free_slots: Joi.array().items(FreeSlotSchema).required().description('Occurrences of the posting schedule in the range that no scheduled post takes, in time order.'),
    truncated: Joi.boolean().required().description('Additive: more than 3,000 posts fell in the range and only the first 3,000 are listed; ask for a shorter range.'),
  })
    .required()
    .label('Calendar'),
}).label('CalendarEnvelope');
