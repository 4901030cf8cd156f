import type { Sql } from '../../client.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../generated/prisma/client.js';
import type { KeysetPosition } from '../../keyset.js';
import { runPrepared } from '../run-prepared.js';
import { deliveryFromRow, endpointFromRow, lastDeliveryFromRow, type DeliveryRow, type EndpointWithLastRow, type LastDelivery } from '../rows/webhook-rows.js';

export type EndpointWithHealth = WebhookEndpoint & { lastDelivery: LastDelivery | null };

/** Each endpoint with its newest delivery (one index probe each: endpoint_id, created_at DESC). */
const ENDPOINTS_WITH_LAST = `SELECT e.*, d.status AS last_status, d.response_code AS last_response_code, coalesce(d.last_attempt_at, d.created_at) AS last_at
  FROM webhook_endpoints e
  LEFT JOIN LATERAL (
    SELECT status, response_code, last_attempt_at, created_at FROM webhook_deliveries WHERE endpoint_id = e.id ORDER BY created_at DESC, id DESC LIMIT 1
  ) d ON true
 WHERE e.member_id = $1`;

const withHealth = (row: EndpointWithLastRow): EndpointWithHealth => ({ ...endpointFromRow(row), lastDelivery: lastDeliveryFromRow(row) });

/** GET /webhooks: a member's endpoints with their health, newest first (at most 20 by the cap). */
export async function readEndpoints(sql: Sql, memberId: string): Promise<EndpointWithHealth[]> {
  const result = await runPrepared<EndpointWithLastRow>(sql, 'lps-read-endpoints-health', `${ENDPOINTS_WITH_LAST} ORDER BY e.created_at DESC, e.id DESC`, [memberId]);
  return result.rows.map(withHealth);
}

/** GET /webhooks/{id}: the member's endpoint with its health, or null (missing or another member's). */
export async function readOwnedEndpoint(sql: Sql, memberId: string, endpointId: string): Promise<EndpointWithHealth | null> {
  const result = await runPrepared<EndpointWithLastRow>(sql, 'lps-read-endpoint-health', `${ENDPOINTS_WITH_LAST} AND e.id = $2`, [memberId, endpointId]);
  const row = result.rows[0];
  return row ? withHealth(row) : null;
}

/**
 * GET /webhooks/{id}/deliveries in one statement: up to `limit` deliveries of the member's endpoint,
 * newest first, after the keyset position `after` when given; null when the endpoint is missing or
 * another member's (404). The endpoint row is always there when owned; its deliveries join to it.
 */
export async function readEndpointDeliveries(sql: Sql, memberId: string, endpointId: string, limit = 100, after: KeysetPosition | null = null): Promise<WebhookDelivery[] | null> {
  const result = await runPrepared<DeliveryRow | { id: null }>(
    sql,
    'lps-read-endpoint-deliveries-page',
    `SELECT d.* FROM webhook_endpoints e
       LEFT JOIN LATERAL (
         SELECT * FROM webhook_deliveries
          WHERE endpoint_id = e.id AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::uuid))
          ORDER BY created_at DESC, id DESC LIMIT $3
       ) d ON true
      WHERE e.id = $1 AND e.member_id = $2
      ORDER BY d.created_at DESC, d.id DESC`,
    [endpointId, memberId, limit, after?.createdAt ?? null, after?.id ?? null],
  );
  if (result.rows.length === 0) return null;
  return result.rows.flatMap((row) => (row.id === null ? [] : [deliveryFromRow(row)]));
}
