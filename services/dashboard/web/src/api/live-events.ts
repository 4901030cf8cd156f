import { useEffect, useEffectEvent } from 'react';
import { dashboardApi } from './client.js';

/**
 * The member's live events (`GET /dashboard/api/events`, server-sent events): the same events the
 * webhooks carry, so a page shows a post published, failed or given its images without a reload.
 *
 * One EventSource for the whole app, opened while something listens and closed when nothing
 * does. The browser reconnects by itself after a dropped connection and sends `Last-Event-ID`, so
 * the server resumes where it stopped. When the server refused the stream instead (the browser
 * then gives up), it is opened again later from the last event seen (`?last_event_id=`); as
 * events may still have been missed (a refused resume point starts from now), every listener then
 * hears one `resync` and reads its data again. `session.ended` closes it for good: the next call
 * the page makes finds the session over and goes to the sign-in page.
 */

export const LIVE_EVENT_TYPES = ['post.published', 'post.publish_failed', 'post.images_ready', 'post.approved', 'post.rejected', 'post.changed', 'idea.created'] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvent {
  /** The event's type, or `resync` after a gap in which events may have been missed. */
  type: LiveEventType | 'resync';
  /** The webhook event's body (`{id, type, created_at, data}`; `post.changed`: `{post_id, status}`); null for `resync`. */
  body: unknown;
}

type Handler = (event: LiveEvent) => void;

interface Listener {
  types: ReadonlySet<string>;
  handler: Handler;
}

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1_000;
let lastEventId = '';
let resumeRefused = false;
const MAX_RETRY_DELAY = 60_000;

function deliver(event: LiveEvent): void {
  for (const listener of [...listeners]) if (event.type === 'resync' || listener.types.has(event.type)) listener.handler(event);
}

function open(afterGap: boolean): void {
  const resume = afterGap && lastEventId && !resumeRefused ? `?${new URLSearchParams({ last_event_id: lastEventId }).toString()}` : '';
  const stream = new EventSource(dashboardApi(`/events${resume}`));
  source = stream;
  let opened = false;
  stream.addEventListener('message', (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
  });
  stream.addEventListener('session.ended', () => close());
  for (const type of LIVE_EVENT_TYPES) {
    stream.addEventListener(type, (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let body: unknown = null;
      try {
        body = JSON.parse(message.data);
      } catch {
        // A line that is not JSON carries nothing a page could use; the type alone still says to reload.
      }
      deliver({ type, body });
    });
  }
  stream.addEventListener('open', () => {
    opened = true;
    resumeRefused = false;
    retryDelay = 1_000;
    if (afterGap) deliver({ type: 'resync', body: null });
    afterGap = false;
  });
  stream.addEventListener('error', () => {
    // CONNECTING: the browser is reconnecting with Last-Event-ID itself. CLOSED: it gave up (an error status).
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    // Refused before it opened with a resume point: the next try starts from now instead.
    if (!opened && resume) resumeRefused = true;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (listeners.size > 0) open(true);
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY);
  });
}

function close(): void {
  source?.close();
  source = null;
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = 1_000;
}

/** Calls `handler` for each event of `types` (and for `resync`) until the returned function is called. */
export function subscribe(types: readonly LiveEventType[], handler: Handler): () => void {
  const listener: Listener = { types: new Set(types), handler };
  listeners.add(listener);
  if (!source && retryTimer === undefined) open(false);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

/** `subscribe` for a component: listening while it is shown, with its latest `handler`. */
export function useLiveEvents(types: readonly LiveEventType[], handler: Handler): void {
  const onEvent = useEffectEvent(handler);
  const key = [...types].sort().join(' ');
  useEffect(() => subscribe(key.split(' ') as LiveEventType[], (event) => onEvent(event)), [key]);
}

/** The post an event is about, when it names one (`data.post.id`, or `post_id` for `post.changed`). */
export function postIdOf(event: LiveEvent): string | null {
  const body = event.body as { data?: { post?: { id?: unknown }; post_id?: unknown }; post_id?: unknown } | null;
  const id = body?.data?.post?.id ?? body?.data?.post_id ?? body?.post_id;
  return typeof id === 'string' ? id : null;
}
