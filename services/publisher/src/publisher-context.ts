import type { Network } from '@lps/network';
import type { Runtime } from '@lps/runtime';
import type { FileStorage } from '@lps/storage';
import type { PauseHook } from './publish/test-pause.js';

/** What the publisher's jobs work with, built once by startPublisherService. */
export interface PublisherContext {
  runtime: Runtime;
  network: Network;
  storage: FileStorage;
  pause: PauseHook;
}
