import type { Sql } from '../client.js';
import type { WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import { deliveryFromRow, endpointFromRow, type DeliveryRow, type EndpointRow } from '../repositories/webhook-rows.js';

/** GET /webhooks: a member's endpoints, newest first (at most 20 by the cap). */
export async function readEndpoints(sql: Sql, memberId: string): Promise<WebhookEndpoint[]> {
  const result = await runPrepared<EndpointRow>(sql, 'lps-read-endpoints', 'SELECT * FROM webhook_endpoints WHERE member_id = $1 ORDER BY created_at DESC, id DESC', [memberId]);
  return result.rows.map(endpointFromRow);
}

/**
 * GET /webhooks/{id}/deliveries in one statement: the newest `limit` deliveries of the
 * member's endpoint, or null when the endpoint is missing or another member's (404).
 * The endpoint row is always there when owned; its deliveries join to it (none: one row of nulls).
 */
export async function readEndpointDeliveries(sql: Sql, memberId: string, endpointId: string, limit = 100): Promise<WebhookDelivery[] | null> {
  const result = await runPrepared<DeliveryRow | { id: null }>(
    sql,
    'lps-read-endpoint-deliveries',
    `SELECT d.* FROM webhook_endpoints e
       LEFT JOIN LATERAL (
         SELECT * FROM webhook_deliveries WHERE endpoint_id = e.id ORDER BY created_at DESC, id DESC LIMIT $3
       ) d ON true
      WHERE e.id = $1 AND e.member_id = $2
      ORDER BY d.created_at DESC, d.id DESC`,
    [endpointId, memberId, limit],
  );
  if (result.rows.length === 0) return null;
  return result.rows.flatMap((row) => (row.id === null ? [] : [deliveryFromRow(row)]));
}
