import { endpointToWire } from '@lps/db';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { CreateWebhookBody, WebhookCreatedSchema, WebhookDeliveryListSchema, WebhookListSchema, WebhookSchema } from '../schemas/webhook.js';
import { createWebhook } from '../domain/webhooks/create-webhook.js';
import { deleteWebhook } from '../domain/webhooks/delete-webhook.js';
import { getWebhook } from '../domain/webhooks/get-webhook.js';
import { listWebhookDeliveries } from '../domain/webhooks/list-webhook-deliveries.js';
import { listWebhooks } from '../domain/webhooks/list-webhooks.js';

export const webhookRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/webhooks',
    summary: 'List webhook endpoints',
    tag: 'Webhooks',
    responses: { 200: { description: 'Endpoints (never their secrets)', schema: WebhookListSchema } },
    errors: [422],
    handler: async ({ caller, deps }) => ({ status: 200, body: await listWebhooks(deps, caller.memberId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks',
    summary: 'Register a webhook endpoint; the signing secret is returned only here',
    tag: 'Webhooks',
    request: { body: CreateWebhookBody },
    responses: { 201: { description: 'The endpoint and its secret', schema: WebhookCreatedSchema } },
    errors: [422],
    handler: async ({ caller, body, deps }) => ({
      status: 201,
      body: await createWebhook(deps, caller.memberId, body),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/:id',
    summary: 'Get a webhook endpoint',
    tag: 'Webhooks',
    request: { params: idParams },
    responses: { 200: { description: 'The endpoint (no secret)', schema: WebhookSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: endpointToWire(await getWebhook(deps, caller.memberId, params.id)),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/webhooks/:id',
    summary: 'Delete a webhook endpoint; it receives nothing more',
    tag: 'Webhooks',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => {
      await deleteWebhook(deps, caller.memberId, params.id);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/:id/deliveries',
    summary: 'Recent delivery records of an endpoint, newest first',
    tag: 'Webhooks',
    request: { params: idParams },
    responses: { 200: { description: 'Delivery records', schema: WebhookDeliveryListSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: await listWebhookDeliveries(deps, caller.memberId, params.id),
    }),
  }),
];
