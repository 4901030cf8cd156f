import type { Network } from '@lps/network';
import type { Runtime } from '@lps/runtime';
import type { FileStorage } from '@lps/storage';
import type { PublicationStatements } from './publish/publication-statements.js';
import type { PauseHook } from './publish/test-pause.js';

/** What the publisher's jobs work with, built once by startPublisherService. */
export interface PublisherContext {
  runtime: Runtime;
  network: Network;
  storage: FileStorage;
  pause: PauseHook;
  /** The publish path's statements, batched across the jobs running in this process. */
  statements: PublicationStatements;
}
