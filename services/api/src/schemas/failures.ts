import Joi from 'joi';
import type { FailuresInput, listPublicationFailures } from '../domain/publishing/index.js';
import { dateTime, nullableString, uuid } from './common.js';
import { POST_STATUSES } from './post.js';

type WireFailures = Awaited<ReturnType<typeof listPublicationFailures>>;

export const FailuresQuery = Joi.object<FailuresInput, true>({
  limit: Joi.number().integer().min(1).max(100).default(20),
  cursor: Joi.string().max(512).description('Opaque: pass back page.next_cursor unchanged.'),
});

const FailureSchema = Joi.object<WireFailures['data'][number], true>({
  post_id: uuid().required(),
  title: Joi.string().allow('').max(120).required().description("The post's first line with words, at most 120 characters."),
  error: Joi.string().required().description("Why, in words: LinkedIn's reason as the post's last_error states it."),
  code: nullableString()
    .required()
    .description("The network's error code when it gave one (EXPIRED_ACCESS_TOKEN, ACCESS_DENIED, DUPLICATE_POST, FIELD_LENGTH_TOO_LONG, …); null otherwise."),
  failed_at: dateTime().required(),
  status: Joi.string()
    .valid(...POST_STATUSES)
    .required()
    .description('The state the post returned to (a scheduled post became draft_saved).'),
}).label('PublicationFailure');

export const FailuresSchema = Joi.object<WireFailures, true>({
  data: Joi.array().items(FailureSchema).required().description('Newest failure first.'),
  page: Joi.object({ next_cursor: Joi.string().allow(null).required(), has_more: Joi.boolean().required() }).required(),
}).label('PublicationFailures');
