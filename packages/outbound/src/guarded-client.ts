import net from 'node:net';
import got, { type Got } from 'got';
import { isPublicAddress } from './address-policy.js';
import { publicOnlyLookup } from './guarded-lookup.js';
import { PrivateAddressError } from './resolve-public.js';

export interface GuardedClientOptions {
  /** LPS_ALLOW_PRIVATE_URLS=1: local development and tests only. */
  allowPrivate: boolean;
  timeoutMs: number;
  /**
   * `timeoutMs` bounds the wait for the answer's head and each silence in its body,
   * not the whole transfer: a large file (a video by image_url) may take as long as
   * the caller's own pace check lets it. Otherwise `timeoutMs` bounds the whole request.
   */
  longBodies?: boolean;
  /** Webhooks follow none (docs/webhooks.md); fetches of image_url may follow a few, each hop guarded. */
  maxRedirects: number;
}

/** An IP literal in a URL never reaches `lookup`, so it is checked on its own before each hop. */
export function assertLiteralIsPublic(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host)) throw new PrivateAddressError(host, host);
}

/**
 * got for user-supplied URLs (webhook targets, image_url uploads): every
 * connection, redirects included, goes only to public addresses unless
 * private ones are explicitly allowed. No retries here: callers own their
 * retry policy.
 */
export function createGuardedClient(options: GuardedClientOptions): Got {
  return got.extend({
    timeout: options.longBodies ? { response: options.timeoutMs, socket: options.timeoutMs } : { request: options.timeoutMs },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: options.maxRedirects > 0,
    maxRedirects: Math.max(options.maxRedirects, 0),
    ...(options.allowPrivate ? {} : { dnsLookup: publicOnlyLookup }),
    hooks: options.allowPrivate
      ? {}
      : {
          beforeRequest: [(request) => assertLiteralIsPublic(request.url as URL)],
          beforeRedirect: [(request) => assertLiteralIsPublic(request.url as URL)],
        },
  });
}

/** Whether an error from the guarded client means "refused: private address". */
export const isPrivateAddressRefusal = (error: unknown): boolean => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof PrivateAddressError || (current as { code?: string }).code === 'EPRIVATEADDRESS') return true;
  }
  return false;
};
