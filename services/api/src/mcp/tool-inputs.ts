import Joi from 'joi';
import { uuid } from '../schemas/common.js';

/** Path ids become named tool arguments: a model reads `post_id` better than `id`. */
export const postIdField = { post_id: uuid().required().description('The post id (UUID), as returned by create_post or list_posts.') };
export const ideaIdField = { idea_id: uuid().required().description('The idea id (UUID), as returned by list_ideas or generate_ideas.') };

export interface PostIdInput {
  post_id: string;
}
export interface IdeaIdInput {
  idea_id: string;
}

export const postIdInput = Joi.object<PostIdInput, true>(postIdField);
export const ideaIdInput = Joi.object<IdeaIdInput, true>(ideaIdField);
export const noInput = Joi.object<Record<never, never>, true>({});

/** `schema.keys(postIdField)` with its type: joi's `keys()` returns the schema's own type, without the new key. */
export const withPostId = <T>(schema: Joi.ObjectSchema<T>): Joi.ObjectSchema<T & PostIdInput> => schema.keys(postIdField) as Joi.ObjectSchema<T & PostIdInput>;
export const withIdeaId = <T>(schema: Joi.ObjectSchema<T>): Joi.ObjectSchema<T & IdeaIdInput> => schema.keys(ideaIdField) as Joi.ObjectSchema<T & IdeaIdInput>;

/** More keys for a tool than its endpoint takes, typed: E is written once and joi's strict map checks the schemas against it. */
export const withKeys =
  <E>(keys: Joi.StrictSchemaMap<E>) =>
  <T>(schema: Joi.ObjectSchema<T>): Joi.ObjectSchema<T & E> =>
    schema.keys(keys as Joi.SchemaMap) as Joi.ObjectSchema<T & E>;

export interface WaitInput {
  wait_seconds: number;
}

/** Waiting is bounded so no tool call hangs: MCP clients time out around a minute. */
export const waitSeconds = (fallback: number) =>
  Joi.number().integer().min(0).max(50).default(fallback).description(`Seconds to wait for the result before answering (0–50, default ${fallback}). Call again to keep waiting.`);
