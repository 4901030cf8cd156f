import { runStandalone } from '@lps/runtime';
import { startApiService } from './service.js';

// The API alone: `node services/api/dist/main.js`.
// /ready and /metrics are served on the internal health port (LPS_HEALTH_PORT), as for every worker.
await runStandalone('api', async (runtime) => [await startApiService(runtime)], { healthPort: true });
