import supertest from 'supertest';
import { createTestRuntime } from '@lps/testing';
import type { Runtime } from '@lps/runtime';
import { createAppServices, startApiService, type AppServices } from '@lps/api';

export interface TestApi {
  runtime: Runtime;
  /** supertest bound to http://127.0.0.1:<port>/api/v1 */
  http: ReturnType<typeof supertest>;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The real API on a port of its own, over its own database and Redis prefix.
 * Every answer is checked against its declared response schema, so a route
 * that drifts from the OpenAPI document fails its tests.
 */
export async function startTestApi(env: Record<string, string> = {}, services?: Partial<AppServices>): Promise<TestApi> {
  const test = await createTestRuntime(env);
  const api = await startApiService(test.runtime, {
    port: 0,
    host: '127.0.0.1',
    validateResponses: true,
    services: { ...createAppServices(test.runtime), ...services },
  });
  const baseUrl = `http://127.0.0.1:${api.port}/api/v1`;
  return {
    runtime: test.runtime,
    http: supertest(baseUrl),
    baseUrl,
    async stop() {
      await api.stop();
      await test.cleanup();
    },
  };
}
