import { runStandalone } from '@lps/runtime';
import { startApiService } from './service.js';

// The API alone: `node services/api/dist/main.js`.
await runStandalone('api', async (runtime) => [await startApiService(runtime)]);
