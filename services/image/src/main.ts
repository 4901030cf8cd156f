import { runStandalone } from '@lps/runtime';
import { startImageService } from './service.js';

// This worker alone: `node services/image/dist/main.js`; scale it by running more of them.
await runStandalone('image', async (runtime) => [await startImageService(runtime)], { healthPort: true });
