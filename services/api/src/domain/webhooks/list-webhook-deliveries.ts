import { notFound } from '@lps/common';
import { deliveryToWire } from '@lps/db';
import type { Needs } from '../deps.js';

/** The endpoint's newest 100 deliveries, read with the ownership check in one statement. */
export async function listWebhookDeliveries({ repos }: Needs<'readEndpointDeliveries'>, memberId: string, id: string) {
  const deliveries = await repos.readEndpointDeliveries(memberId, id);
  if (!deliveries) throw notFound('webhook endpoint');
  return { data: deliveries.map(deliveryToWire) };
}
