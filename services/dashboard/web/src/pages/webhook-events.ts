/**
 * The events an endpoint can subscribe to, as docs/webhooks.md lists them. A test compares this
 * list with the API's own (services/api/src/schemas/webhook-events.ts), so the two cannot drift.
 */
export const WEBHOOK_EVENTS: { name: string; description: string }[] = [
  { name: 'post.published', description: 'A post was published on LinkedIn' },
  { name: 'post.publish_failed', description: 'A publication failed for good' },
  { name: 'post.images_ready', description: 'Image candidates for a post are ready' },
  { name: 'idea.created', description: 'New ideas were generated or researched' },
  { name: 'connection.ending', description: 'The LinkedIn connection ends soon' },
  { name: 'connection.ended', description: 'The LinkedIn connection has ended' },
  { name: 'connection.revoked', description: 'LinkedIn refused the connection’s token' },
];
