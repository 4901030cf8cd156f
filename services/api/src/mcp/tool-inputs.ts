import Joi from 'joi';
import { uuid } from '../schemas/common.js';

/** Path ids become named tool arguments: a model reads `post_id` better than `id`. */
export const postIdField = { post_id: uuid().required().description('The post id (UUID), as returned by create_post or list_posts.') };
export const ideaIdField = { idea_id: uuid().required().description('The idea id (UUID), as returned by list_ideas or generate_ideas.') };

export const postIdInput = Joi.object(postIdField);
export const ideaIdInput = Joi.object(ideaIdField);
export const noInput = Joi.object({});

/** Waiting is bounded so no tool call hangs: MCP clients time out around a minute. */
export const waitSeconds = (fallback: number) =>
  Joi.number().integer().min(0).max(50).default(fallback).description(`Seconds to wait for the result before answering (0–50, default ${fallback}). Call again to keep waiting.`);
