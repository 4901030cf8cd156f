import { formatStreamPosition, outboxEventBody, type StreamEvent } from '@lps/db';

/**
 * What the live stream carries (decision 0039): the webhook events a page shows, the end of a
 * LinkedIn grant (a failure inbox says "reconnect"), and post.changed — a state change no webhook
 * announces (a publication started, a post scheduled, unscheduled, back to draft), written by a
 * trigger on posts. Never webhook.test.
 */
export const STREAM_EVENT_TYPES = [
  'post.published',
  'post.publish_failed',
  'post.images_ready',
  'post.approved',
  'post.rejected',
  'idea.created',
  'connection.revoked',
  'connection.ended',
  'post.changed',
] as const;

/** The post an event is about, if it is about one. */
function postOf(event: StreamEvent): string | undefined {
  const payload = event.payload as { post?: { id?: unknown }; post_id?: unknown } | null;
  const id = event.type === 'post.changed' ? payload?.post_id : payload?.post?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The events a member is sent, in stream order: a post.changed says nothing a named event of the
 * same transaction about the same post does not (post.approved with its status change), nor what a
 * later post.changed of that transaction says again — both are dropped. Rows of one transaction are
 * adjacent in the stream.
 */
export function eventsWorthSending(events: StreamEvent[]): StreamEvent[] {
  return events.filter((event, index) => {
    if (event.type !== 'post.changed') return true;
    const post = postOf(event);
    return !events.some(
      (other, otherIndex) => other !== event && other.position.txId === event.position.txId && postOf(other) === post && (other.type !== 'post.changed' || otherIndex > index),
    );
  });
}

/**
 * One server-sent event: `id:` the stream position (a reconnecting browser sends it back as
 * Last-Event-ID), `event:` the type, `data:` the body a webhook receiver gets for it —
 * {id, type, created_at, data} — on one line (JSON escapes every line break).
 */
export const sseFrame = (event: StreamEvent): string => `id: ${formatStreamPosition(event.position)}\nevent: ${event.type}\ndata: ${outboxEventBody(event)}\n\n`;
