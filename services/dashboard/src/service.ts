import { createBaseApp, finishApp, serveHttp, type HttpService } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import { createDashboard, type DashboardOptions } from './server/create-dashboard.js';

/** The dashboard alone on its own port (`node services/dashboard/dist/main.js`), as the API's app serves it under `npm start`. */
export async function startDashboardService(runtime: Runtime, options: DashboardOptions & { port?: number; host?: string } = {}): Promise<HttpService> {
  const dashboard = createDashboard(runtime, options);
  const app = createBaseApp(runtime);
  app.use(dashboard.router);
  finishApp(app, runtime);
  return serveHttp(app, runtime, { name: 'dashboard', label: 'Dashboard', port: options.port, host: options.host, beforeStop: () => dashboard.stop() });
}
