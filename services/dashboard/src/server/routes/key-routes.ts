import Joi from 'joi';
import { KEY_SCOPES, type KeyScope } from '@lps/common';
import { publishKeyRevocation } from '@lps/queue';
import { defineRoute, type RouteDefinition } from '@lps/api';
import { createKey, listKeys, revokeKey } from '../../domain/keys/keys.js';
import type { DashboardRouteContext } from './route-context.js';

interface CreateKeyBody {
  name: string;
  scope?: KeyScope;
  expires_at?: Date;
}

const CreateKeySchema = Joi.object<CreateKeyBody, true>({
  name: Joi.string().trim().min(1).max(100).required(),
  scope: Joi.string().valid(...KEY_SCOPES),
  expires_at: Joi.date().iso(),
});

interface IdParams {
  id: string;
}
const IdSchema = Joi.object<IdParams, true>({ id: Joi.string().guid().required() });

export function keyRoutes({ runtime }: DashboardRouteContext): RouteDefinition[] {
  const announce = (keyId: string) => publishKeyRevocation(runtime.redis, runtime.config.redis.prefix, keyId);
  return [
    defineRoute({
      method: 'get',
      path: '/keys',
      summary: "The member's API keys, newest first, revoked ones included",
      tag: 'Dashboard',
      responses: { 200: { description: 'ApiKeyInfo list' } },
      handler: async ({ caller, deps }) => ({ status: 200, body: await listKeys(deps, caller.memberId) }),
    }),
    defineRoute({
      method: 'post',
      path: '/keys',
      summary: 'Creates an API key; the key is in this answer only',
      tag: 'Dashboard',
      request: { body: CreateKeySchema },
      responses: { 201: { description: 'The key and its info' } },
      errors: [422],
      handler: async ({ caller, body, deps }) => ({ status: 201, body: await createKey(deps, caller.memberId, body) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/keys/:id',
      summary: 'Revokes an API key (every replica is told at once)',
      tag: 'Dashboard',
      request: { params: IdSchema },
      responses: { 204: { description: 'Revoked' } },
      errors: [404, 422],
      handler: async ({ caller, params, deps }) => {
        await revokeKey(deps, caller.memberId, params.id, announce);
        return { status: 204 };
      },
    }),
  ];
}
