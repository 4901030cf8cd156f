/**
 * Ids a log line carries while a request or a job is handled. They travel
 * explicitly, in a child logger (`logger.child(context)`) handed down with the
 * request or job, not in AsyncLocalStorage: on Node 20 that turns on promise hooks
 * for every promise in the process, a large share of the publish path's CPU
 * (docs/benchmarks/history.md, "Redis per publication, and measuring warm").
 */
export interface LogContext {
  request_id?: string;
  job_id?: string;
  member_id?: string;
  queue?: string;
}
