import Joi from 'joi';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { MemberEnvelopeSchema } from '../schemas/member.js';
import { getMe } from '../domain/members/index.js';
import { SERVICE_VERSION } from '../version.js';

export const HealthSchema = Joi.object({ status: Joi.string().required(), version: Joi.string() }).label('Health');

export const metaRoutes = (openapi: () => unknown): RouteDefinition[] => [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness: the process answers',
    tag: 'Meta',
    auth: false,
    responses: { 200: { description: 'The service is up', schema: HealthSchema } },
    handler: async () => ({ status: 200, body: { status: 'ok', version: SERVICE_VERSION } }),
  }),
  defineRoute({
    method: 'get',
    path: '/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tag: 'Meta',
    auth: false,
    responses: { 200: { description: 'The OpenAPI document', schema: Joi.object().unknown(true) } },
    handler: async () => ({ status: 200, body: openapi() }),
  }),
  defineRoute({
    method: 'get',
    path: '/me',
    summary: 'The member the API key belongs to',
    tag: 'Meta',
    responses: { 200: { description: 'The member, wrapped', schema: MemberEnvelopeSchema } },
    handler: async ({ caller, deps }) => ({ status: 200, body: await getMe(deps, caller.memberId) }),
  }),
];
