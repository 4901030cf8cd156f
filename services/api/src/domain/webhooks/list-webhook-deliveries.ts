import { notFound } from '@lps/common';
import { deliveryToWire, readEndpointDeliveries } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';

/** The endpoint's newest 100 deliveries, read with the ownership check in one statement. */
export async function listWebhookDeliveries({ runtime }: UseCaseDeps, memberId: string, id: string) {
  const deliveries = await readEndpointDeliveries(runtime.sql, memberId, id);
  if (!deliveries) throw notFound('webhook endpoint');
  return { data: deliveries.map(deliveryToWire) };
}
