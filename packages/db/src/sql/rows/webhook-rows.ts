import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '../../generated/prisma/client.js';

/** A `webhook_endpoints` row as pg returns it (text[] as an array, timestamps as Date). */
export interface EndpointRow {
  id: string;
  member_id: string;
  url: string;
  events: string[];
  is_active: boolean;
  secret_enc: string;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An endpoint's health as its list shows it: its newest delivery's status, answer and time. */
export interface LastDelivery {
  status: DeliveryStatus;
  responseCode: number | null;
  at: Date;
}

/** An endpoint row read with its newest delivery (`last_*` columns, null when it never had one). */
export interface EndpointWithLastRow extends EndpointRow {
  last_status: DeliveryStatus | null;
  last_response_code: number | null;
  last_at: Date | null;
}

export const lastDeliveryFromRow = (row: EndpointWithLastRow): LastDelivery | null =>
  row.last_status === null || row.last_at === null ? null : { status: row.last_status, responseCode: row.last_response_code, at: row.last_at };

export const endpointFromRow = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  memberId: row.member_id,
  url: row.url,
  events: row.events,
  isActive: row.is_active,
  secretEnc: row.secret_enc,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A `webhook_deliveries` row as pg returns it. */
export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const deliveryFromRow = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.response_code,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  lastAttemptAt: row.last_attempt_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
