import { createResearchProvider, createTextProvider, type ResearchProvider, type TextProvider } from '@lps/ai';
import { createNetwork, type Network } from '@lps/network';
import type { Got } from 'got';
import { createGuardedClient } from '@lps/outbound';
import type { Runtime } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';

/** The clients of what lies outside this process, chosen by configuration (AI provider, network, storage, the upload fetcher). */
export interface OutsideClients {
  textProvider: TextProvider;
  /** The network chosen by LPS_NETWORK (analytics reads, identity); publishing itself runs in the publisher. */
  network: Network;
  /** Gathers research notes on a topic (POST /posts with research: true); without it, posts are written without research. */
  research?: ResearchProvider;
  /** Where uploads, generated images and overlays live (LPS_STORAGE). */
  storage: FileStorage;
  /** Fetches user-supplied image_url uploads through the outbound-address guard. */
  uploadClient: Got;
}

export function createOutsideClients(runtime: Runtime): OutsideClients {
  return {
    network: createNetwork(runtime.config, { redis: runtime.redis, logger: runtime.logger }),
    textProvider: createTextProvider(runtime.config.ai, { logger: runtime.logger }),
    research: createResearchProvider(runtime.config.ai),
    storage: createStorage(runtime.config),
    uploadClient: createGuardedClient({
      allowPrivate: runtime.config.security.allowPrivateUrls,
      timeoutMs: runtime.config.storage.uploadFetchTimeoutMs,
      // A video by URL may be 500 MB: its body is bounded by a pace (upload-from-url.ts), not a total time.
      longBodies: true,
      maxRedirects: 3,
    }),
  };
}
