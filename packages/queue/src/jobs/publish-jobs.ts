import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

const uuid = Joi.string()
  .guid({ version: ['uuidv4', 'uuidv7'] })
  .required();

/** The one id of a post's publish job: a second request joins it instead of publishing twice. */
export const publishJobId = (postId: string): string => `publish-${postId}`;

export interface PublishPostPayload {
  postId: string;
}

export interface RefreshAnalyticsPayload {
  /** Only this member's due posts (asked for by GET /analytics); absent: everyone's (the periodic round). */
  memberId?: string;
}

export interface RefreshPostAnalyticsPayload {
  postId: string;
}

export const publishJobs = {
  /**
   * Publishes one post (POST /publish and scheduled publication share it). A completed
   * job is removed at once: the post row and its events are the history, and with no
   * finished job left behind, a post never scheduled nor attempted has no job at all,
   * so the API adds one without reading a state first (docs/decisions/0008).
   * Handled by `publishPostJob` in services/publisher/src/domain/publish/publish-post.ts.
   */
  'publish-post': defineJob({
    queue: 'publish',
    schema: Joi.object<PublishPostPayload, true>({ postId: uuid }),
    // Attempts and backoff are the operator's (LPS_PUBLISH_ATTEMPTS, LPS_PUBLISH_BACKOFF): placePublishJob, the
    // one place that adds this job, sets them on every add.
    options: { ...KEEP_HISTORY, removeOnComplete: true },
    jobId: ({ postId }) => publishJobId(postId),
  }),
  /**
   * Finds due scheduled posts without a live job and enqueues them (the database is the truth).
   * Handled by `sweepSchedules` in services/publisher/src/domain/schedule/sweep-schedules.ts.
   */
  'sweep-schedules': defineJob({
    queue: 'publish',
    schema: Joi.object<Record<string, never>, true>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
  /**
   * Refreshes the metrics of published posts whose next refresh has come (decision 0012).
   * A member's round, asked for by GET /analytics, has one id per member: while one waits,
   * runs or finished within the hour (KEEP_HISTORY), more asks join it.
   * Handled by `refreshAnalyticsRound` in services/publisher/src/domain/analytics/refresh-analytics.ts.
   */
  'refresh-analytics': defineJob({
    queue: 'publish',
    schema: Joi.object<RefreshAnalyticsPayload, true>({ memberId: Joi.string().guid({ version: ['uuidv4', 'uuidv7'] }) }),
    options: { attempts: 1, ...KEEP_HISTORY },
    jobId: ({ memberId }) => (memberId ? `analytics-member-${memberId}` : undefined),
  }),
  /**
   * Refreshes one post's metrics, asked for by GET /posts/{id}/analytics when they are due:
   * the GET serves the stored numbers and never waits for the network. Repeated GETs join
   * the waiting job; a finished one is removed so the next due GET can ask again.
   * Handled by `refreshDueAnalytics` in services/publisher/src/domain/analytics/refresh-analytics.ts.
   */
  'refresh-post-analytics': defineJob({
    queue: 'publish',
    schema: Joi.object<RefreshPostAnalyticsPayload, true>({ postId: uuid }),
    options: { attempts: 1, ...KEEP_HISTORY, removeOnComplete: true },
    jobId: ({ postId }) => `analytics-${postId}`,
  }),
  /**
   * Deletes Idempotency-Key records whose 24 h window has passed (otherwise the table only grows).
   * Handled by `purgeIdempotencyRecords` in services/publisher/src/domain/housekeeping/purge-idempotency-records.ts, and `purgeSignInRecords` in services/publisher/src/domain/housekeeping/purge-sign-in-records.ts.
   */
  'purge-idempotency-records': defineJob({
    queue: 'publish',
    schema: Joi.object<Record<string, never>, true>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
};
