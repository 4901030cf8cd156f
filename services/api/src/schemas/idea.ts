import Joi from 'joi';
// The idea's JSON shape is written once, by ideaToWire: the schema takes its type (decision 0023).
import type { WireIdea } from '@lps/db';
import { dateTime, nullableString, uuid } from './common.js';

export const IDEA_STATUSES = ['new', 'used', 'dismissed'] as const;

export const IdeaSchema = Joi.object<WireIdea, true>({
  id: uuid().required(),
  title: Joi.string().required(),
  angle: nullableString().required(),
  status: Joi.string()
    .valid(...IDEA_STATUSES)
    .required(),
  source: Joi.string().valid('generated', 'research', 'manual').allow(null).required(),
  created_at: dateTime().required(),
}).label('Idea');

export const IdeaEnvelopeSchema = Joi.object({ idea: IdeaSchema.required() }).label('IdeaEnvelope');

export const IdeaListSchema = Joi.object({ data: Joi.array().items(IdeaSchema).required() }).label('IdeaList');

export type IdeaStatusName = (typeof IDEA_STATUSES)[number];

export interface ListIdeasInput {
  status?: IdeaStatusName;
}

export const ListIdeasQuery = Joi.object<ListIdeasInput, true>({ status: Joi.string().valid(...IDEA_STATUSES) });

export interface UpdateIdeaInput {
  title?: string;
  angle?: string | null;
}

export const UpdateIdeaBody = Joi.object<UpdateIdeaInput, true>({
  title: Joi.string().trim().min(1).max(200),
  angle: Joi.string().trim().max(1000).allow(null, ''),
});
