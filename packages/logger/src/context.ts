import { AsyncLocalStorage } from 'node:async_hooks';

/** Ids that every log line carries while a request or a job is being handled. */
export interface LogContext {
  request_id?: string;
  job_id?: string;
  member_id?: string;
  queue?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export const runWithLogContext = <T>(context: LogContext, fn: () => T): T =>
  storage.run({ ...storage.getStore(), ...context }, fn);

/** Adds ids learnt part-way through (the member after authentication). */
export function addToLogContext(context: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, context);
}

export const currentLogContext = (): LogContext => storage.getStore() ?? {};
