import type { Runtime } from '@lps/runtime';
import { createApp, type AppOptions } from './app.js';
import { KeyCache } from './http/key-cache.js';
import { serveHttp, type HttpService } from './http/serve-http.js';

export type ApiService = HttpService;

/** Starts the HTTP API. `stop` stops accepting, lets in-flight requests finish, then returns. */
export async function startApiService(
  runtime: Runtime,
  options: AppOptions & { port?: number; host?: string; /** Ends the mounted dashboard's live streams when stopping begins. */ beforeStop?: () => Promise<void> } = {},
): Promise<ApiService> {
  const keys = new KeyCache(runtime, runtime.config.security.authCacheTtlMs);
  await keys.start();
  return serveHttp(createApp(runtime, { ...options, keys }), runtime, {
    name: 'api',
    label: 'API',
    port: options.port,
    host: options.host,
    beforeStop: options.beforeStop,
    afterStop: () => keys.stop(),
  });
}
