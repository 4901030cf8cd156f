import Joi from 'joi';
import { ANALYTICS_SORTS } from '@lps/db';
import {
  ANALYTICS_PERIODS,
  type getAnalyticsHistory,
  type getAnalyticsSummary,
  type listPublishedPosts,
  type PublishedPostsInput,
  type SummaryInput,
} from '../domain/analytics/index.js';
import { dateTime, nullableDateTime, nullableUri, uuid } from './common.js';

type WireSummary = Awaited<ReturnType<typeof getAnalyticsSummary>>['summary'];
type WirePublishedPosts = Awaited<ReturnType<typeof listPublishedPosts>>;
type WireHistory = Awaited<ReturnType<typeof getAnalyticsHistory>>;

const days = () =>
  Joi.number()
    .valid(...ANALYTICS_PERIODS)
    .default(28)
    .description(`The period in days: ${ANALYTICS_PERIODS.join(', ')} (default 28).`);

export const SummaryQuery = Joi.object<SummaryInput, true>({ days: days() });

/** A count that exists only where analytics can be read: null without an analytics grant (never a made-up zero). */
const measured = () => Joi.number().min(0).allow(null).required();

const PeriodSchema = Joi.object<WireSummary['current'], true>({
  posts_published: Joi.number().integer().min(0).required(),
  impressions: measured(),
  likes: measured(),
  comments: measured(),
  shares: measured(),
  avg_engagement_rate: measured().description('The mean of the posts’ engagement rates, 4 decimals.'),
}).label('AnalyticsPeriod');

export const SummaryEnvelopeSchema = Joi.object({
  summary: Joi.object<WireSummary, true>({
    days: Joi.number()
      .valid(...ANALYTICS_PERIODS)
      .required(),
    current: PeriodSchema.required().description('The posts published in the last `days`, over each post’s newest numbers.'),
    previous: PeriodSchema.required().description('The posts published in the `days` before those.'),
    source: Joi.string()
      .valid('sandbox', 'linkedin')
      .allow(null)
      .required()
      .description('sandbox: synthetic numbers from the simulated network; linkedin: read from LinkedIn; null: none can be read.'),
    available: Joi.boolean().required().description('false: no analytics can be read for this member (the numbers are null); unavailable_reason says why and how to connect.'),
    unavailable_reason: Joi.string().allow(null).required(),
  })
    .required()
    .label('AnalyticsSummary'),
}).label('AnalyticsSummaryEnvelope');

export const PublishedPostsQuery = Joi.object<PublishedPostsInput, true>({
  days: days(),
  sort: Joi.string()
    .valid(...ANALYTICS_SORTS)
    .default('published_at'),
  order: Joi.string().valid('desc', 'asc').default('desc'),
  limit: Joi.number().integer().min(1).max(100).default(20),
  cursor: Joi.string().max(512).description('Opaque: pass back page.next_cursor unchanged, with the same days, sort and order.'),
});

const PublishedPostSchema = Joi.object<WirePublishedPosts['data'][number], true>({
  post_id: uuid().required(),
  title: Joi.string().allow('').max(120).required(),
  published_at: dateTime().required(),
  network_url: nullableUri().required(),
  impressions: measured(),
  likes: measured(),
  comments: measured(),
  shares: measured(),
  engagement_rate: measured(),
  refreshed_at: nullableDateTime().required().description('When these numbers were read; null: not read yet (or no analytics grant).'),
}).label('PublishedPostNumbers');

export const PublishedPostsSchema = Joi.object<WirePublishedPosts, true>({
  data: Joi.array().items(PublishedPostSchema).required(),
  page: Joi.object({ next_cursor: Joi.string().allow(null).required(), has_more: Joi.boolean().required() }).required(),
}).label('PublishedPostsNumbers');

const ReadingSchema = Joi.object<WireHistory['data'][number], true>({
  at: dateTime().required().description('When lps read these numbers.'),
  impressions: Joi.number().integer().min(0).required(),
  likes: Joi.number().integer().min(0).required(),
  comments: Joi.number().integer().min(0).required(),
  shares: Joi.number().integer().min(0).required(),
  engagement_rate: Joi.number().min(0).required(),
}).label('AnalyticsReading');

export const HistorySchema = Joi.object<WireHistory, true>({
  data: Joi.array().items(ReadingSchema).required().description('Oldest first; at most the newest 500 readings.'),
}).label('AnalyticsHistory');
