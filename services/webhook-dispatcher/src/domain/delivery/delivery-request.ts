import { outboxEventBody, type OutboxEventRow } from '@lps/db';
import { signDelivery } from '@lps/webhooks';

export type { OutboxEventRow };

/** The body of every delivery of an event: the outbox's one event body (docs/webhooks.md "Delivery body"). */
export const deliveryBody = (event: OutboxEventRow): string => outboxEventBody(event);

/**
 * Headers of one attempt. `webhook-id` is the delivery id (like
 * X-LPS-Delivery-Id, stable across retries: receivers dedupe on it); the
 * timestamp is the attempt's, so a retry is signed afresh and stays within a
 * receiver's replay tolerance.
 */
export function deliveryHeaders(input: { secret: string; deliveryId: string; event: string; body: string; now: Date }): Record<string, string> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'lps-webhooks/1',
    'x-lps-event': input.event,
    'x-lps-delivery-id': input.deliveryId,
    ...signDelivery(input.secret, input.deliveryId, timestamp, input.body),
  };
}
