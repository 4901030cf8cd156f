import { runStandalone } from '@lps/runtime';
import { startPublisherService } from './service.js';

// This worker alone: `node services/publisher/dist/main.js`; scale it by running more of them.
await runStandalone('publisher', async (runtime) => [await startPublisherService(runtime)], { healthPort: true });
