import Joi from 'joi';
import type { postAnalyticsToWire } from '@lps/db';
import { PostSchema } from './post.js';

/** ISO-8601 date-time that names its offset: `Z` or `±hh:mm` (docs/api.md: anything else is a validation_error). */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface ScheduleInput {
  scheduled_at: string;
}

/** A date-time that names its offset (`Z` or `±hh:mm`) and is a real date. */
export const dateTimeWithOffset = () =>
  Joi.string()
    .pattern(ISO_WITH_OFFSET)
    .custom((value: string, helpers) => (Number.isNaN(new Date(value).getTime()) ? helpers.error('string.pattern.base') : value))
    .messages({ 'string.pattern.base': '{{#label}} must be an ISO-8601 date-time with Z or an offset, e.g. 2026-03-01T09:00:00Z' })
    .meta({ format: 'date-time' });

export const ScheduleBody = Joi.object<ScheduleInput, true>({
  scheduled_at: dateTimeWithOffset().required().description('When to publish; normalised to UTC. At most 60 s in the past and 1 year ahead.'),
});

export interface AttachNetworkPostInput {
  network_post_urn: string;
}

export const AttachNetworkPostBody = Joi.object<AttachNetworkPostInput, true>({
  network_post_urn: Joi.string()
    .required()
    .max(64)
    .pattern(/^urn:li:(?:share|ugcPost):[1-9]\d{0,18}$/)
    .messages({ 'string.pattern.base': '{{#label}} must be a LinkedIn post URN: urn:li:share:<id> or urn:li:ugcPost:<id>' })
    .description('The post on the network, as LinkedIn named it (x-restli-id, or the URN a failed publication named in last_error).'),
});

// The JSON shape is written once, by postAnalyticsToWire: the schema takes its type (decision 0023).
export const PostAnalyticsSchema = Joi.object<ReturnType<typeof postAnalyticsToWire>, true>({
  post_id: Joi.string().guid().required(),
  impressions: Joi.number().integer().min(0).required(),
  likes: Joi.number().integer().min(0).required(),
  comments: Joi.number().integer().min(0).required(),
  shares: Joi.number().integer().min(0).required(),
  engagement_rate: Joi.number().min(0).required().description('(likes + comments + shares) / impressions, 4 decimals'),
  refreshed_at: Joi.string().isoDate().allow(null).meta({ format: 'date-time' }).description('When these numbers were read from the network; null if never'),
  source: Joi.string().valid('sandbox', 'linkedin', 'none').description('Where the numbers come from; none = no reading yet'),
}).label('PostAnalytics');

export const AnalyticsSchema = Joi.object({
  kpis: Joi.object({
    posts_published: Joi.number().integer().min(0).required(),
    impressions: Joi.number().integer().min(0).required(),
    likes: Joi.number().integer().min(0).required(),
    comments: Joi.number().integer().min(0).required(),
    shares: Joi.number().integer().min(0).required(),
    avg_engagement_rate: Joi.number().min(0).required(),
  }).required(),
  top_posts: Joi.array().items(PostSchema).required().description('Published posts with the most engagement, best first (at most 5)'),
}).label('Analytics');
