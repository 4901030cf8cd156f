import type { WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.js';

/** The endpoint without its secret: the secret is only ever in the creation response. */
export const endpointToWire = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  is_active: endpoint.isActive,
  created_at: endpoint.createdAt.toISOString(),
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
