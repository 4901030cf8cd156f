import { describe, expect, it } from '@jest/globals';
import Joi from 'joi';
import type { WirePost } from '@lps/db';
import { jobCatalog, type JobHandler } from '@lps/queue';
import { defineRoute } from '../src/http/route.js';
import { defineTool } from '../src/mcp/tool.js';
import { withPostId } from '../src/mcp/tool-inputs.js';
import { idParams, uuid } from '../src/schemas/common.js';
import { ScheduleBody } from '../src/schemas/publishing.js';

// Decision 0023. `npm test` compiles this file with `tsc -p tsconfig.tests.json` before jest runs:
// every `@ts-expect-error` below must meet a compile error, so the day a misspelt field compiles
// again (an edge typed `any` once more), the type-check fails. The `it` blocks then show that
// joi, at run time, refuses the same misspelling tsc refuses statically.

const POST_ID = '0190d6a4-8a57-7c2e-9f4a-3b1e2c4d5e6f';
const WHEN = '2026-03-01T09:00:00Z';

/** A route: its handler's params and body come from idParams and ScheduleBody. */
const scheduleRoute = defineRoute({
  method: 'post',
  path: '/posts/:id/schedule',
  summary: 'typed edges',
  tag: 'Test',
  request: { params: idParams, body: ScheduleBody },
  responses: { 200: { description: 'ok' } },
  handler: async ({ params, body }) => {
    // @ts-expect-error a route handler cannot read a misspelt body field
    const misspeltBody: unknown = body.schedule_at;
    // @ts-expect-error nor a misspelt path parameter
    const misspeltParam: unknown = params.post_id;
    return { status: 200, body: { id: params.id, scheduled_at: body.scheduled_at, misspeltBody, misspeltParam } };
  },
});

/** A route without a body schema: its body is `unknown`, so no field of it can be read unchecked. */
defineRoute({
  method: 'get',
  path: '/nothing',
  summary: 'typed edges',
  tag: 'Test',
  responses: { 200: { description: 'ok' } },
  handler: async ({ body, params }) => {
    // @ts-expect-error no body schema: nothing to read
    const scheduled: unknown = body.scheduled_at;
    // @ts-expect-error no params schema: nothing to read
    const id: unknown = params.id;
    return { status: 200, body: { scheduled, id } };
  },
});

/** An untyped schema (`Joi.object({…})` is `ObjectSchema<any>`) cannot be given to a route. */
defineRoute({
  method: 'post',
  path: '/untyped',
  summary: 'typed edges',
  tag: 'Test',
  request: {
    // @ts-expect-error a bare Joi.object is typed any and refused
    body: Joi.object({ scheduled_at: Joi.string() }),
  },
  responses: { 200: { description: 'ok' } },
  handler: async () => ({ status: 200 }),
});

/** A tool: its input is the endpoint's body plus post_id, typed from the schemas alone. */
const scheduleTool = defineTool({
  name: 'schedule_post',
  title: 'typed edges',
  description: 'typed edges',
  input: withPostId(ScheduleBody),
  run: async (_context, input) => {
    // @ts-expect-error an MCP tool cannot read a misspelt input field
    const misspelt: unknown = input.schedule_at;
    return { post_id: input.post_id, scheduled_at: input.scheduled_at, misspelt };
  },
});

/** A tool cannot take an untyped schema either. */
defineTool({
  name: 'untyped',
  title: 'typed edges',
  description: 'typed edges',
  // @ts-expect-error a bare Joi.object is typed any and refused
  input: Joi.object({ post_id: Joi.string() }),
  run: async () => ({}),
});

/** A job handler: its payload type is the catalog's, for that job name. */
const publishHandler: JobHandler<'publish-post'> = async (payload) => {
  // @ts-expect-error a job handler cannot read a misspelt payload field
  const misspelt: unknown = payload.post_id;
  return { postId: payload.postId, misspelt };
};

// The post's JSON shape: PostSchema is Joi.object<WirePost, true>, so a schema that forgets a field of
// postToWire's answer (or adds one it does not have) does not compile.
// @ts-expect-error every field of WirePost needs its schema
Joi.object<WirePost, true>({ id: uuid().required() });

describe('typed edges (decision 0023)', () => {
  it('the route schema refuses at run time the field name tsc refuses in the handler', () => {
    const request = scheduleRoute.request;
    expect(request?.body?.validate({ schedule_at: WHEN }).error?.details[0]?.path).toEqual(['scheduled_at']);
    expect(request?.body?.validate({ scheduled_at: WHEN }).error).toBeUndefined();
    expect(request?.params?.validate({ id: POST_ID }).error).toBeUndefined();
  });

  it('the tool input refuses the misspelt field and takes the correct one with post_id', () => {
    expect(scheduleTool.input.validate({ post_id: POST_ID, schedule_at: WHEN }).error).toBeDefined();
    expect(scheduleTool.input.validate({ post_id: POST_ID, scheduled_at: WHEN }).value).toEqual({ post_id: POST_ID, scheduled_at: WHEN });
  });

  it('the job payload schema refuses the misspelt field its handler cannot read', async () => {
    const schema = jobCatalog['publish-post'].schema;
    expect(schema.validate({ post_id: POST_ID }).error).toBeDefined();
    const { value, error } = schema.validate({ postId: POST_ID });
    expect(error).toBeUndefined();
    expect(await publishHandler(value, undefined as never, undefined as never)).toEqual({ postId: POST_ID, misspelt: undefined });
  });
});
