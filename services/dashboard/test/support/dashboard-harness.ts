import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestRuntime, type TestRuntimeOptions } from '@lps/testing';
import { createOutsideClients, startApiService, type ApiService, type OutsideClients } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import { createDashboard, type Dashboard } from '@lps/dashboard';

export interface TestDashboard {
  runtime: Runtime;
  dashboard: Dashboard;
  /** `http://127.0.0.1:<port>`: the API's app with the dashboard mounted at `/`, as `npm start` serves it. */
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/** A built web app in a temporary folder: an index.html naming one hashed asset, and that asset. */
export function fixtureWebRoot(): { root: string; asset: string; assetBody: string } {
  const root = mkdtempSync(join(tmpdir(), 'lps-web-'));
  mkdirSync(join(root, 'assets'));
  const asset = 'index-Bx7f3k9Q.js';
  const assetBody = "document.body.dataset.app = 'ready';\n";
  writeFileSync(join(root, 'assets', asset), assetBody);
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lps</title><script type="module" src="/assets/${asset}"></script></head><body><div id="root"></div></body></html>`,
  );
  return { root, asset, assetBody };
}

/**
 * The API with the dashboard mounted, on its own database and Redis prefix: `npm start`'s shape.
 * `webRoot` defaults to a folder with nothing built in it (the 503 page).
 */
export async function startTestDashboard(
  env: Record<string, string> = {},
  options: TestRuntimeOptions & { webRoot?: string; clients?: Partial<OutsideClients>; port?: number } = {},
): Promise<TestDashboard> {
  const test = await createTestRuntime(env, options);
  const clients = { ...createOutsideClients(test.runtime), ...options.clients };
  const dashboard = createDashboard(test.runtime, { clients, webRoot: options.webRoot ?? mkdtempSync(join(tmpdir(), 'lps-unbuilt-')), validateResponses: true });
  const api: ApiService = await startApiService(test.runtime, {
    port: options.port ?? 0,
    host: '127.0.0.1',
    clients,
    validateResponses: true,
    mount: [dashboard.router],
    beforeStop: () => dashboard.stop(),
  });
  return {
    runtime: test.runtime,
    dashboard,
    origin: `http://127.0.0.1:${api.port}`,
    port: api.port,
    async stop() {
      await api.stop();
      await test.cleanup();
    },
  };
}
