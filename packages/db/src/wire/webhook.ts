import type { WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.js';
import type { LastDelivery } from '../sql/rows/webhook-rows.js';

/** The endpoint without its secret (only ever in the creation response), with its newest delivery as its health. */
export const endpointToWire = (endpoint: WebhookEndpoint & { lastDelivery?: LastDelivery | null }) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  is_active: endpoint.isActive,
  created_at: endpoint.createdAt.toISOString(),
  last_delivery: endpoint.lastDelivery
    ? { status: endpoint.lastDelivery.status, response_code: endpoint.lastDelivery.responseCode, at: endpoint.lastDelivery.at.toISOString() }
    : null,
});

export const deliveryToWire = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  event: delivery.event,
  status: delivery.status,
  attempts: delivery.attempts,
  response_code: delivery.responseCode,
  last_error: delivery.lastError,
  created_at: delivery.createdAt.toISOString(),
});
