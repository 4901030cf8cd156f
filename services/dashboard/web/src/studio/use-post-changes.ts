import { postIdOf, useLiveEvents, type LiveEventType } from '../api/live-events.js';

const POST_EVENTS: readonly LiveEventType[] = ['post.published', 'post.publish_failed', 'post.images_ready', 'post.approved', 'post.rejected', 'post.changed'];

/**
 * Calls `changed` when this post changes on the server — published (by "Publish now", or by the
 * schedule while the page is open), refused, given its images, approved or rejected elsewhere —
 * from the member's events stream (api/live-events.ts: the same events the webhooks carry). The
 * stream is held for the editor's whole life: it starts at the moment it opens, so one opened only
 * when the member clicks would miss a publication the sandbox finishes in milliseconds. After a
 * gap in the stream (`resync`) the post is read again too.
 */
export function usePostChanges(postId: string, changed: (type: LiveEventType | 'resync') => void): void {
  useLiveEvents(POST_EVENTS, (event) => {
    if (event.type === 'resync' || postIdOf(event) === postId) changed(event.type);
  });
}
