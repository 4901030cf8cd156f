import Joi from 'joi';
import { DELIVERED_EVENTS, WEBHOOK_EVENTS, type deliveryToWire, type endpointToWire } from '@lps/db';
import { dateTime, uuid } from './common.js';

// The JSON shapes are written once, by endpointToWire and deliveryToWire: the schemas take their types (decision 0023).
export const WebhookSchema = Joi.object<ReturnType<typeof endpointToWire>, true>({
  id: uuid().required(),
  url: Joi.string().uri().required(),
  events: Joi.array()
    .items(Joi.string().valid(...WEBHOOK_EVENTS))
    .required(),
  is_active: Joi.boolean().required(),
  created_at: dateTime().required(),
  last_delivery: Joi.object({
    status: Joi.string().valid('pending', 'success', 'failed').required(),
    response_code: Joi.number().integer().allow(null).required(),
    at: dateTime().required().description('When its last attempt was made (or, before any, when it was created)'),
  })
    .allow(null)
    .required()
    .label('LastDelivery')
    .description("The endpoint's health: its newest delivery; null before the first"),
}).label('Webhook');

export const WebhookListSchema = Joi.object({ data: Joi.array().items(WebhookSchema).required() }).label('WebhookList');

export const WebhookCreatedSchema = Joi.object({
  endpoint: WebhookSchema.required(),
  secret: Joi.string().required().description('The signing secret (whsec_…); shown only in this response.'),
}).label('WebhookCreated');

export const WebhookDeliverySchema = Joi.object<ReturnType<typeof deliveryToWire>, true>({
  id: uuid().required(),
  event: Joi.string()
    .valid(...DELIVERED_EVENTS)
    .required(),
  status: Joi.string().valid('pending', 'success', 'failed').required(),
  attempts: Joi.number().integer().required(),
  response_code: Joi.number().integer().allow(null).required(),
  last_error: Joi.string().allow(null).required(),
  created_at: dateTime().required(),
}).label('WebhookDelivery');

export const WebhookDeliveryListSchema = Joi.object({
  data: Joi.array().items(WebhookDeliverySchema).required(),
  page: Joi.object({
    next_cursor: Joi.string().allow(null).required(),
    has_more: Joi.boolean().required(),
  }).required(),
}).label('WebhookDeliveryList');

export const WebhookDeliveryEnvelopeSchema = Joi.object({ delivery: WebhookDeliverySchema.required() }).label('WebhookDeliveryEnvelope');

export interface ListDeliveriesInput {
  /** Defaulted by the schema (100: what the list answered before it had pages). */
  limit: number;
  cursor?: string;
}

export const ListDeliveriesQuery = Joi.object<ListDeliveriesInput, true>({
  limit: Joi.number().integer().min(1).max(100).default(100),
  cursor: Joi.string().max(512).description('Opaque: pass back page.next_cursor unchanged.'),
});

export interface DeliveryParams {
  id: string;
  delivery_id: string;
}

export const DeliveryParamsSchema = Joi.object<DeliveryParams, true>({ id: uuid().required(), delivery_id: uuid().required() });

export interface CreateWebhookInput {
  url: string;
  events: (typeof WEBHOOK_EVENTS)[number][];
}

export const CreateWebhookBody = Joi.object<CreateWebhookInput, true>({
  url: Joi.string()
    .max(2048)
    .uri({ scheme: ['http', 'https'] })
    .required()
    .custom((value: string, helpers) => {
      const url = new URL(value);
      if (url.username || url.password) return helpers.message({ custom: 'url must not carry credentials' });
      return value;
    }),
  events: Joi.array()
    .items(Joi.string().valid(...WEBHOOK_EVENTS))
    .min(1)
    .required(),
});
