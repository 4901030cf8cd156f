import { runStandalone } from '@lps/runtime';
import { startWebhookDispatcherService } from './service.js';

// This worker alone: `node services/webhook-dispatcher/dist/main.js`; scale it by running more of them.
await runStandalone('webhook-dispatcher', async (runtime) => [await startWebhookDispatcherService(runtime)], { healthPort: true });
