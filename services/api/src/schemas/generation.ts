import Joi from 'joi';
// The use case's input type is the schema's static type (decision 0023): written once, checked against the schema by tsc.
import type { RegeneratePostInput } from '../domain/posts/regenerate-post.js';
import type { ResearchIdeasInput } from '../domain/ideas/request-research.js';
import { IdeaSchema } from './idea.js';

export const RegeneratePostBody = Joi.object<RegeneratePostInput, true>({
  template_id: Joi.string().max(100).description('A template id from GET /templates; defaults to the template the post was written with.'),
});

export const GeneratedIdeasSchema = Joi.object({
  result: Joi.string().required().description('A human-readable summary of the run.'),
  ideas: Joi.array().items(IdeaSchema).max(10).required().description('The ideas this run created (at most 10).'),
}).label('GeneratedIdeas');

export const ResearchIdeasBody = Joi.object<ResearchIdeasInput, true>({
  keyword: Joi.string().trim().min(1).max(200).required(),
});

export const ResearchAcceptedSchema = Joi.object({
  status: Joi.string().required().description('State of the research request: pending until the worker picks it up.'),
  poll: Joi.string().required().description('Where the resulting ideas appear: /api/v1/ideas'),
}).label('ResearchAccepted');
