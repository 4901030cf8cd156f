import { createHmac, randomUUID } from 'node:crypto';
import got from 'got';
import { runWithConcurrency } from '../publish/concurrency.js';

/**
 * The baseline: the same signed POSTs (same body shape, both signatures
 * computed per request) sent by plain got with no database, no queue and no
 * retry bookkeeping. Returns requests per second.
 */
export async function bareGotLoop(url: string, secret: string, count: number, parallel: number): Promise<number> {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const started = Date.now();
  await runWithConcurrency(count, parallel, async (i) => {
    const id = randomUUID();
    const body = JSON.stringify({ id, type: 'post.published', created_at: new Date().toISOString(), data: { post: { id: `bare-${i}`, status: 'published' } } });
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await got.post(url, {
      body,
      retry: { limit: 0 },
      headers: {
        'content-type': 'application/json',
        'x-lps-event': 'post.published',
        'x-lps-delivery-id': id,
        'x-lps-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
      },
    });
    if (response.statusCode !== 200) throw new Error(`receiver answered ${response.statusCode}`);
  });
  return count / ((Date.now() - started) / 1000);
}
