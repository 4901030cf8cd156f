import type { Delivery, DeliveryStatus, LastDelivery } from '../api/types.js';
import { Time } from '../components/time.js';

const STATUS: Record<DeliveryStatus, string> = { pending: 'Pending', success: 'Delivered', failed: 'Failed' };

export const deliveryStatusLabel = (status: DeliveryStatus): string => STATUS[status] ?? status;

/** An endpoint's health: how its last delivery went, in words. */
export function EndpointHealth({ last }: { last: LastDelivery | null | undefined }) {
  if (!last) return <span className="muted">No deliveries yet</span>;
  return (
    <span>
      <span className={`badge badge-delivery-${last.status}`}>{deliveryStatusLabel(last.status)}</span>
      {last.response_code !== null ? ` HTTP ${last.response_code}, ` : ' '}
      <Time value={last.at} />
    </span>
  );
}

export const isRedeliverable = (delivery: Delivery): boolean => delivery.status === 'failed';
