import Joi from 'joi';
// The use case's input type is the schema's static type (decision 0023): written once, checked against the schema by tsc.
import type { RegeneratePostInput } from '../domain/posts/index.js';
import type { getResearch, ResearchIdeasInput } from '../domain/ideas/index.js';
import { dateTime, uuid } from './common.js';
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
  research_id: uuid().required().description('Additive: GET /ideas/research/{research_id} says how the research stands and which ideas it made.'),
}).label('ResearchAccepted');

type WireResearch = Awaited<ReturnType<typeof getResearch>>['research'];

export interface ResearchParams {
  research_id: string;
}
export const ResearchParamsSchema = Joi.object<ResearchParams, true>({ research_id: uuid().required() });

export const ResearchEnvelopeSchema = Joi.object({
  research: Joi.object<WireResearch, true>({
    id: uuid().required(),
    keyword: Joi.string().required(),
    status: Joi.string()
      .valid('pending', 'running', 'completed', 'failed')
      .required()
      .description('pending: queued; running: the worker is reading the web; completed: idea_ids are its ideas; failed: error says why.'),
    error: Joi.string().allow(null).required().description('Why it failed, or (completed) what it could not store.'),
    idea_ids: Joi.array().items(uuid()).required().description('The ideas it made, in the order made (GET /ideas shows them).'),
    created_at: dateTime().required(),
    completed_at: Joi.string().isoDate().allow(null).meta({ format: 'date-time' }).required(),
  })
    .required()
    .label('Research'),
}).label('ResearchEnvelope');
