import { describe, expect, it } from '@jest/globals';
import Joi from 'joi';
import type { JobResult, PublishPostPayload } from '@lps/queue';
import { defineJob, KEEP_HISTORY } from '../src/jobs/job-definition.js';

// Decision 0023: a job's payload type is written once (an interface) and its joi schema is checked
// against it by tsc (`Joi.object<Payload, true>`). `npm test` compiles this file first; each
// `@ts-expect-error` must meet an error, so a schema drifting from its type fails the type-check.

const typed = defineJob({
  queue: 'publish',
  schema: Joi.object<PublishPostPayload, true>({ postId: Joi.string().guid().required() }),
  options: { attempts: 1, ...KEEP_HISTORY },
  // The payload is typed from the schema: a misspelt field fails here too.
  // @ts-expect-error PublishPostPayload has postId, not post_id
  jobId: (payload) => `publish-${payload.post_id}`,
});

defineJob({
  queue: 'publish',
  // @ts-expect-error a bare Joi.object is ObjectSchema<any>: every handler would get an untyped payload
  schema: Joi.object({ postId: Joi.string() }),
  options: { attempts: 1 },
});

Joi.object<PublishPostPayload, true>({
  postId: Joi.string(),
  // @ts-expect-error a key the payload type does not have
  post_id: Joi.string(),
});

// @ts-expect-error a key of the payload type without its schema
Joi.object<PublishPostPayload, true>({});

Joi.object<PublishPostPayload, true>({
  // @ts-expect-error the schema's kind must match the field's type (string → Joi.string())
  postId: Joi.number(),
});

// A call's answer is typed from its result schema: neither any (the caller could read anything) nor never.
type IsAny<T> = 0 extends 1 & T ? true : false;
type IsNever<T> = [T] extends [never] ? true : false;
const uploadAnswer: [IsAny<JobResult<'attach-upload'>>, IsNever<JobResult<'attach-upload'>>] = [false, false];
const thumbnailAnswer: [IsAny<JobResult<'encode-link-thumbnail'>>, IsNever<JobResult<'encode-link-thumbnail'>>] = [false, false];
const readsOutcome = (answer: JobResult<'draw-overlay'>) => answer.outcome;
// @ts-expect-error an answer has the fields of its schema only
const readsMisspelt = (answer: JobResult<'draw-overlay'>) => answer.outcom;
void [uploadAnswer, thumbnailAnswer, readsOutcome, readsMisspelt];

describe('typed job payloads (decision 0023)', () => {
  it('the schema tsc checked against the type refuses at run time what the type does not have', () => {
    expect(typed.schema.validate({ post_id: '0190d6a4-8a57-7c2e-9f4a-3b1e2c4d5e6f' }).error).toBeDefined();
    expect(typed.schema.validate({ postId: '0190d6a4-8a57-7c2e-9f4a-3b1e2c4d5e6f' }).error).toBeUndefined();
  });
});
