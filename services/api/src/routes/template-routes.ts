import Joi from 'joi';
import { TEMPLATES } from '@lps/ai';
import { defineRoute, type RouteDefinition } from '../http/route.js';

const TemplateListSchema = Joi.object({
  data: Joi.array()
    .items(Joi.object({ id: Joi.string().required(), name: Joi.string().required(), description: Joi.string().required() }).label('Template'))
    .required(),
}).label('TemplateList');

/** GET /templates: an extension (docs/api.md) listing the ids template_id accepts. */
export const templateRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/templates',
    summary: 'List post templates (extension): the ids template_id accepts on POST /posts and POST /posts/{id}/regenerate',
    tag: 'Posts',
    responses: { 200: { description: 'Templates usable as template_id', schema: TemplateListSchema } },
    handler: async () => ({ status: 200, body: { data: TEMPLATES.map(({ id, name, description }) => ({ id, name, description })) } }),
  }),
];
