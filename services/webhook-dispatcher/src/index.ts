export { startWebhookDispatcherService } from './service.js';
