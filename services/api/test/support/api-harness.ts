import supertest from 'supertest';
import { createTestMember, createTestRuntime, type TestMember, type TestRuntimeOptions } from '@lps/testing';
import { startHealthServer, type Runtime, type RunningService } from '@lps/runtime';
import { createOutsideClients, startApiService, type OutsideClients } from '@lps/api';
import { startImageService } from '@lps/image';
import { DocumentValidator, type ObservedResponse } from './openapi-validator.js';

export interface TestApi {
  runtime: Runtime;
  /** supertest bound to http://127.0.0.1:<port>/api/v1; every answer is checked against the served OpenAPI document. */
  http: ReturnType<typeof supertest>;
  /** Node's fetch under /api/v1 (`path` like `/posts/…`), its answer checked against the served document too. */
  fetch(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string; json: any }>;
  baseUrl: string;
  /** The internal health port, as `npm start` and the API's own entry serve it: /health, /ready, /metrics. */
  opsUrl: string;
  document: DocumentValidator;
  /** The image service beside it, when asked for (uploads and overlays need it): stop it to see the API give up. */
  imageService?: RunningService;
  stop(): Promise<void>;
}

export interface TestApiOptions extends TestRuntimeOptions {
  /** Runs the image service in the same runtime, as `npm start` does, on the API's storage. */
  imageService?: boolean;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

function assertDescribed(document: DocumentValidator, observed: ObservedResponse): void {
  const problems = document.problems(observed);
  if (problems.length > 0) throw new Error(`answer outside the served OpenAPI document:\n${problems.join('\n')}\n${observed.text.slice(0, 500)}`);
}

/** supertest whose every request asserts, at its end, that the answer is one the document describes. */
function checkedSupertest(baseUrl: string, document: DocumentValidator): ReturnType<typeof supertest> {
  const agent = supertest(baseUrl);
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !(HTTP_METHODS as readonly unknown[]).includes(property)) return value;
      return (path: string, ...rest: unknown[]) =>
        (value as (...args: unknown[]) => supertest.Test)
          .call(target, path, ...rest)
          .expect((res) => assertDescribed(document, { method: String(property), path, status: res.status, contentType: res.headers['content-type'], text: res.text ?? '' }));
    },
  });
}

/**
 * The real API on a port of its own, over its own database and Redis prefix.
 * Every answer is checked twice: by the API against the route's declared joi
 * schema, and here against the OpenAPI document it serves — what a client
 * generated from that document would accept.
 */
export async function startTestApi(env: Record<string, string> = {}, clients?: Partial<OutsideClients>, options: TestApiOptions = {}): Promise<TestApi> {
  const test = await createTestRuntime(env, options);
  const outsideClients = { ...createOutsideClients(test.runtime), ...clients };
  const api = await startApiService(test.runtime, { port: 0, host: '127.0.0.1', validateResponses: true, clients: outsideClients });
  const imageService = options.imageService ? await startImageService(test.runtime, { storage: outsideClients.storage }) : undefined;
  const baseUrl = `http://127.0.0.1:${api.port}/api/v1`;
  const document = await DocumentValidator.load(baseUrl);
  const health = await startHealthServer(test.runtime, 0);
  return {
    runtime: test.runtime,
    http: checkedSupertest(baseUrl, document),
    async fetch(path, init) {
      const url = new URL(`${baseUrl}${path}`);
      const response = await fetch(url, init);
      const text = await response.text();
      // The path as sent: the URL parser resolves dot segments (`/posts/%2e%2e/analytics` is `/analytics`).
      const sent = url.pathname.slice(new URL(baseUrl).pathname.length) + url.search;
      assertDescribed(document, { method: init?.method ?? 'GET', path: sent, status: response.status, contentType: response.headers.get('content-type') ?? undefined, text });
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    baseUrl,
    opsUrl: `http://127.0.0.1:${health.port}`,
    document,
    imageService,
    async stop() {
      // A stop step that takes long is named on stderr every 10 s while it is still pending (a stop
      // that outlasts its hook otherwise says nothing), with the API server's open connections.
      const step = async (name: string, stopping: () => Promise<void>) => {
        const since = Date.now();
        const watchdog = setInterval(() => {
          api.server.getConnections((_error, open) => {
            process.stderr.write(`test API: still stopping ${name} after ${Date.now() - since} ms (API connections open: ${open})\n`);
          });
        }, 10_000);
        try {
          await stopping();
        } finally {
          clearInterval(watchdog);
        }
      };
      await step('the health server', () => health.stop());
      await step('the API server', () => api.stop());
      await step('the image service', async () => imageService?.stop());
      await step('the runtime and its database', () => test.cleanup());
    },
  };
}

/** A test API and one member in it: what most API test files start with. */
export async function startTestApiWithMember(env: Record<string, string> = {}): Promise<{ api: TestApi; member: TestMember }> {
  const api = await startTestApi(env);
  return { api, member: await createTestMember(api.runtime) };
}

export interface TwoMembers {
  api: TestApi;
  ada: TestMember;
  bob: TestMember;
}

/**
 * The usual file of API tests: one API started before the file's tests and stopped after them, with
 * two members — Ada, who acts, and Bob, whose objects Ada must find 404. Read its fields inside tests.
 */
export function apiWithTwoMembers(env: Record<string, string> = {}): TwoMembers {
  const members = {} as TwoMembers;
  beforeAll(async () => {
    members.api = await startTestApi(env);
    members.ada = await createTestMember(members.api.runtime, { displayName: 'Ada' });
    members.bob = await createTestMember(members.api.runtime, { displayName: 'Bob' });
  });
  afterAll(async () => members.api?.stop());
  return members;
}
