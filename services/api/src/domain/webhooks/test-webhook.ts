import { conflict, notFound } from '@lps/common';
import { deliveryToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { placeDelivery } from './place-delivery.js';

/**
 * POST /webhooks/{id}/test: a `webhook.test` event for this endpoint alone, whatever it subscribed to,
 * signed and recorded like every delivery. The delivery is committed first; its job is then placed, and
 * the dispatcher's sweeper places it should Redis refuse now.
 */
export async function testWebhook(
  { repos, queues, request }: Needs<'readOwnedEndpoint' | 'createTestDelivery', 'queues' | 'request'>,
  memberId: string,
  id: string,
  now = new Date(),
) {
  const endpoint = await repos.readOwnedEndpoint(memberId, id);
  if (!endpoint) throw notFound('webhook endpoint');
  if (!endpoint.isActive) throw conflict(`the endpoint is inactive (${endpoint.disabledReason ?? 'deactivated'}): it receives nothing, tests included`);
  const delivery = await repos.createTestDelivery(
    memberId,
    endpoint.id,
    { webhook: { id: endpoint.id, url: endpoint.url }, message: 'A test event: nothing happened besides this delivery.' },
    now,
  );
  await placeDelivery(queues, request, delivery.id, endpoint.id);
  return { delivery: deliveryToWire(delivery) };
}
