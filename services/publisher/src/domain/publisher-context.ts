import type { Logger } from '@lps/logger';
import type { Network } from '@lps/network';
import type { Runtime } from '@lps/runtime';
import type { FileStorage } from '@lps/storage';
import type { RetiredVersionAlarm } from './publish/retired-version.js';
import type { PauseHook } from './publish/pause-hook.js';

/** What the publisher's jobs work with, built once by startPublisherService. */
export interface PublisherContext {
  runtime: Runtime;
  network: Network;
  storage: FileStorage;
  pause: PauseHook;
  /** Raised by the first 426 NONEXISTENT_VERSION; one per process. */
  retiredVersion: RetiredVersionAlarm;
  /** The runtime's logger, or within a job the job's own (job_id, queue, request_id). */
  log: Logger;
}
