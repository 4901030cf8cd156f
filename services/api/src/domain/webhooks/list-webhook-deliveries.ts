import { notFound } from '@lps/common';
import { deliveryToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

/** An endpoint's deliveries, newest first, a page at a time, read with the ownership check in one statement. */
export async function listWebhookDeliveries(
  { repos, keyring }: Needs<'readEndpointDeliveries', 'keyring'>,
  memberId: string,
  id: string,
  query: { limit: number; cursor?: string } = { limit: 100 },
) {
  const after = query.cursor ? decodeCursor(keyring, query.cursor) : null;
  const deliveries = await repos.readEndpointDeliveries(memberId, id, query.limit + 1, after);
  if (!deliveries) throw notFound('webhook endpoint');
  const page = deliveries.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = deliveries.length > query.limit && last !== undefined;
  return { data: page.map(deliveryToWire), page: { next_cursor: hasMore ? encodeCursor(keyring, { createdAt: last.createdAt, id: last.id }) : null, has_more: hasMore } };
}
