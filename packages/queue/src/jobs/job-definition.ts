import type Joi from 'joi';
import type { JobsOptions } from 'bullmq';

/** One kind of job: the queue it runs on, its payload schema (ids only) and its retry policy. */
/**
 * A payload schema whose static type was declared (`Joi.object<Payload, true>({…})`: joi's strict map
 * makes tsc check each key and its kind against Payload). A bare `Joi.object({…})` is typed `any`,
 * which would hand every handler an untyped payload: refused (decision 0023).
 */
export type TypedPayloadSchema<T> = 0 extends 1 & T ? 'declare the payload type: Joi.object<Payload, true>({…})' : Joi.ObjectSchema<T>;

export interface JobDefinition<Payload, Q extends QueueName = QueueName, Result = unknown> {
  queue: Q;
  schema: Joi.ObjectSchema<Payload>;
  options: JobsOptions;
  /** Deterministic job id (no ':'): a second enqueue of the same work joins the first. Undefined: a new job each time. */
  jobId?: (payload: Payload) => string | undefined;
  /**
   * A call (decision 0006): a caller waits for this job's answer (`JobCalls.call`). The worker's
   * handler must return a value of this schema, checked when it returns and again by the caller.
   */
  result?: Joi.Schema<Result>;
  /**
   * Never set: carries Result's type for JobResult. Inferring it from `result` (Joi.Schema<R>, a union
   * of twelve schema kinds) gives any once the catalog is read from its declaration files.
   */
  readonly answerType?: Result;
}

/** `image-calls`: image work a request waits for (uploads, overlays), kept apart from background generation on `images`. */
export const QUEUE_NAMES = ['publish', 'images', 'image-calls', 'research', 'events', 'webhooks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Payload type comes from the schema (`Joi.object<Payload, true>(…)`), the queue stays a literal type. */
export const defineJob = <Payload, const Q extends QueueName>(definition: JobDefinition<Payload, Q> & { schema: TypedPayloadSchema<Payload> }): JobDefinition<Payload, Q> =>
  definition;

/** A job whose caller waits for its answer: the result schema is required, and types the answer. */
export const defineCall = <Payload, Result, const Q extends QueueName>(
  definition: JobDefinition<Payload, Q, Result> & { schema: TypedPayloadSchema<Payload>; result: Joi.Schema<Result> },
): JobDefinition<Payload, Q, Result> & { result: Joi.Schema<Result> } => definition;

/** Failed jobs are kept for inspection and replay (never removeOnFail: true). */
export const KEEP_HISTORY = {
  removeOnComplete: { age: 3_600, count: 1_000 },
  removeOnFail: { age: 7 * 86_400 },
} satisfies JobsOptions;
