// What routes, MCP tools and other entries call in webhooks/: entries import from here, never from the files behind it.
export { createWebhook } from './create-webhook.js';
export { deleteWebhook } from './delete-webhook.js';
export { getWebhook } from './get-webhook.js';
export { listWebhookDeliveries } from './list-webhook-deliveries.js';
export { listWebhooks } from './list-webhooks.js';
export { redeliverWebhook } from './redeliver-webhook.js';
export { testWebhook } from './test-webhook.js';
