import { conflict, notFound } from '@lps/common';
import { deliveryToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { placeDelivery } from './place-delivery.js';

/**
 * POST /webhooks/{id}/deliveries/{delivery_id}/redeliver: the same delivery (same body, same id) once
 * more, as a new attempt. 409 while it is still pending: it is already on its way.
 */
export async function redeliverWebhook(
  { repos, queues, request }: Needs<'readOwnedEndpoint' | 'requeueDelivery' | 'findEndpointDelivery', 'queues' | 'request'>,
  memberId: string,
  params: { id: string; delivery_id: string },
) {
  const endpoint = await repos.readOwnedEndpoint(memberId, params.id);
  if (!endpoint) throw notFound('webhook endpoint');
  if (!endpoint.isActive) throw conflict(`the endpoint is inactive (${endpoint.disabledReason ?? 'deactivated'}): nothing can be delivered to it`);
  const delivery = await repos.requeueDelivery(endpoint.id, params.delivery_id);
  if (!delivery) {
    if (!(await repos.findEndpointDelivery(endpoint.id, params.delivery_id))) throw notFound('webhook delivery');
    throw conflict('the delivery is still pending: it is on its way (see its attempts)');
  }
  await placeDelivery(queues, request, delivery.id, endpoint.id);
  return { delivery: deliveryToWire(delivery) };
}
