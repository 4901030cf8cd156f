import { runStandalone } from '@lps/runtime';
import { startResearchService } from './service.js';

// This worker alone: `node services/research/dist/main.js`; scale it by running more of them.
await runStandalone('research', async (runtime) => [await startResearchService(runtime)], { healthPort: true });
