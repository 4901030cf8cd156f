import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

const uuid = Joi.string().guid({ version: ['uuidv4', 'uuidv7'] }).required();

export interface PublishPostPayload {
  postId: string;
}

export const publishJobs = {
  /**
   * Publishes one post (POST /publish and scheduled publication share it). A completed
   * job is removed at once: the post row and its events are the history, and with no
   * finished job left behind, a post never scheduled nor attempted has no job at all,
   * so the API adds one without reading a state first (docs/decisions/0008).
   */
  'publish-post': defineJob({
    queue: 'publish',
    schema: Joi.object<PublishPostPayload>({ postId: uuid }),
    options: { attempts: 6, backoff: { type: 'exponential', delay: 2_000 }, ...KEEP_HISTORY, removeOnComplete: true },
    jobId: ({ postId }) => `publish-${postId}`,
  }),
  /** Finds due scheduled posts without a live job and enqueues them (the database is the truth). */
  'sweep-schedules': defineJob({
    queue: 'publish',
    schema: Joi.object<Record<string, never>>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
  /** Refreshes analytics of recently published posts. */
  'refresh-analytics': defineJob({
    queue: 'publish',
    schema: Joi.object<Record<string, never>>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
  /** Deletes Idempotency-Key records whose 24 h window has passed (otherwise the table only grows). */
  'purge-idempotency-records': defineJob({
    queue: 'publish',
    schema: Joi.object<Record<string, never>>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
};
