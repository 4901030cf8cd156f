import { endpointToWire } from '@lps/db';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import {
  CreateWebhookBody,
  DeliveryParamsSchema,
  ListDeliveriesQuery,
  WebhookCreatedSchema,
  WebhookDeliveryEnvelopeSchema,
  WebhookDeliveryListSchema,
  WebhookListSchema,
  WebhookSchema,
} from '../schemas/webhook.js';
import { createWebhook, deleteWebhook, getWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, testWebhook } from '../domain/webhooks/index.js';

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
    summary: 'Delivery records of an endpoint, newest first, a page at a time',
    tag: 'Webhooks',
    request: { params: idParams, query: ListDeliveriesQuery },
    responses: { 200: { description: 'Delivery records', schema: WebhookDeliveryListSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, query, deps }) => ({
      status: 200,
      body: await listWebhookDeliveries(deps, caller.memberId, params.id, query),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/:id/test',
    summary: 'Sends a webhook.test event to this endpoint alone, signed and recorded like every delivery',
    tag: 'Webhooks',
    request: { params: idParams },
    responses: { 202: { description: 'The test delivery, pending', schema: WebhookDeliveryEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => ({ status: 202, body: await testWebhook(deps, caller.memberId, params.id) }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/:id/deliveries/:delivery_id/redeliver',
    summary: 'Sends a finished delivery again: same body and delivery id, a new attempt',
    tag: 'Webhooks',
    request: { params: DeliveryParamsSchema },
    responses: { 202: { description: 'The delivery, pending again', schema: WebhookDeliveryEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => ({ status: 202, body: await redeliverWebhook(deps, caller.memberId, params) }),
  }),
];
