import Joi from 'joi';
import type { DeliveredEventType } from '@lps/db';
import { dateTime, uuid } from './common.js';
import { IdeaSchema } from './idea.js';
import { PostSchema } from './post.js';

const ConnectionEventData = Joi.object({
  member_id: uuid().required(),
  grant: Joi.string().valid('share', 'analytics').required().description("share: the posting grant; analytics: the analytics app's"),
  ends_at: dateTime().required().description('When the grant ends or ended (connection.revoked: when LinkedIn refused it)'),
  days: Joi.number().integer().min(1).description('connection.ending only: the threshold crossed, one of LPS_CONNECTION_WARNING_DAYS'),
  reconnect: Joi.object({
    method: Joi.string().valid('POST').required(),
    path: Joi.string().required(),
  })
    .required()
    .description('Where to get a fresh authorize link for the member (POST /api/v1/me/connection/links with a return_to)')
    .label('ReconnectHint'),
}).label('ConnectionEventData');

const PostEventData = Joi.object({ post: PostSchema.required() }).label('PostEventData');
const IdeasEventData = Joi.object({ ideas: Joi.array().items(IdeaSchema).required() }).label('IdeasEventData');
const TestEventData = Joi.object({
  webhook: Joi.object({ id: uuid().required(), url: Joi.string().uri().required() }).required(),
  message: Joi.string().required(),
}).label('TestEventData');

/** What each event's delivery carries in `data`, and when it is sent (the OpenAPI document's `webhooks`). */
export const WEBHOOK_EVENT_BODIES: Record<DeliveredEventType, { summary: string; data: Joi.ObjectSchema }> = {
  'post.published': { summary: 'A post was published on the network', data: PostEventData },
  'post.publish_failed': { summary: "A publication failed for good (the post's last_error says why)", data: PostEventData },
  'post.images_ready': { summary: 'Image candidates for a post are ready', data: PostEventData },
  'idea.created': { summary: 'A generation or research run created ideas (one event per run)', data: IdeasEventData },
  'connection.ending': { summary: 'A LinkedIn grant ends within `days` days (sent once per grant and threshold)', data: ConnectionEventData },
  'connection.ended': { summary: 'A LinkedIn grant has ended: the member must sign in again', data: ConnectionEventData },
  'webhook.test': { summary: 'Sent on request to one endpoint (POST /webhooks/{id}/test), whatever it subscribed to; never subscribed to', data: TestEventData },
  'connection.revoked': { summary: "LinkedIn refused a grant's token (401, or a refused refresh): the member must sign in again", data: ConnectionEventData },
  'post.approved': { summary: 'A post was approved (POST /posts/{id}/approve)', data: PostEventData },
  'post.rejected': { summary: "A post was rejected (POST /posts/{id}/reject); the post's review_note says why", data: PostEventData },
};

/** The body of one delivery of `type`: `{id, type, created_at, data}` (docs/webhooks.md). */
export const webhookEventSchema = (type: DeliveredEventType): Joi.ObjectSchema =>
  Joi.object({
    id: uuid().required().description('The event id, the same in every delivery of it'),
    type: Joi.string().valid(type).required(),
    created_at: dateTime().required(),
    data: WEBHOOK_EVENT_BODIES[type].data.required(),
  });
