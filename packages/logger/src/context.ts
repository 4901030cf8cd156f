/**
 * Ids a log line carries while a request or a job is handled. They travel
 * explicitly, in a child logger (`logger.child(context)`) handed down with the
 * request or job, not in AsyncLocalStorage: on Node 20 that turns on promise hooks
 * for every promise in the process, 10–20% of the publish path's CPU (decision 0008).
 */
export interface LogContext {
  request_id?: string;
  job_id?: string;
  member_id?: string;
  queue?: string;
}
