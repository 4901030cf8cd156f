import { loadConfig, type Config } from '@lps/config';

// What the in-memory use-case tests (beside the API's use cases, and in a worker's test/use-cases/) share besides their rows (rows.ts).

/** A LinkedIn deployment's configuration (its app's three settings filled in), with `env` on top. */
export const linkedInTestConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LPS_NETWORK: 'linkedin',
    LINKEDIN_CLIENT_ID: 'id',
    LINKEDIN_CLIENT_SECRET: 'secret',
    LINKEDIN_REDIRECT_URI: 'https://lps.example/callback',
    ...env,
  });

/** What a use case threw, as an AppError carries it. */
export interface Refusal {
  /** The error's class name (an UnrecoverableError ends a job for good). */
  name: string;
  status?: number;
  code?: string;
  message: string;
  details?: Record<string, string>;
  headers?: Record<string, string>;
}

/** How a call ended: undefined when it resolved, else what it threw. */
export const refusalOf = (promise: Promise<unknown>): Promise<Refusal | undefined> =>
  promise.then(
    () => undefined,
    (error: Refusal) => error,
  );
