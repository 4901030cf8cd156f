import type { Request, RequestHandler } from 'express';
import { rateLimited, unauthorized } from '@lps/common';
import type { AuthFailureGuard } from '../auth-failure-guard.js';
import { API_KEY_PATTERN, hashApiKey } from '@lps/crypto';
import type { KeyCache } from '../key-cache.js';
import { requestScopeOf } from '../request-scope.js';
import type { Caller } from '../route.js';

const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Bearer `lps_` + 32 hex, looked up by its SHA-256; anything else is 401 before
 * any other check. An address that failed too often is answered 429 without a
 * lookup — unless its key is one the cache already knows to be live.
 */
export const authenticate = (keys: KeyCache, failures: AuthFailureGuard): RequestHandler => async (req, res, next) => {
  try {
    const header = req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const apiKey = match?.[1];
    const address = clientAddress(req);
    const wait = failures.retryAfterSeconds(address);
    const hash = apiKey && API_KEY_PATTERN.test(apiKey) ? hashApiKey(apiKey) : undefined;
    if (wait > 0 && !(hash && keys.peek(hash))) throw rateLimited(wait);
    const key = hash ? await keys.lookup(hash) : null;
    if (!key) {
      const blockedFor = await failures.recordFailure(address);
      throw blockedFor > 0 ? rateLimited(blockedFor) : unauthorized();
    }
    const caller: Caller = { memberId: key.memberId, keyId: key.keyId };
    res.locals.caller = caller;
    requestScopeOf(res).identify(key.memberId);
    next();
  } catch (error) {
    next(error);
  }
};
