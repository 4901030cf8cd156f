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
 * any other check. A key the cache knows to be live passes at once. Otherwise a
 * lookup that would read the database first takes an attempt from the address's
 * failure allowance (given back if the key is live), so an address that failed
 * too often is answered 429 without a read, however many of its requests arrive
 * at once; a failure the cache answers is counted after it.
 */
export const authenticate = (keys: KeyCache, failures: AuthFailureGuard): RequestHandler => async (req, res, next) => {
  try {
    const header = req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const apiKey = match?.[1];
    const hash = apiKey && API_KEY_PATTERN.test(apiKey) ? hashApiKey(apiKey) : undefined;
    const address = clientAddress(req);
    let key = hash ? keys.peek(hash) : undefined;
    if (!key) {
      const blocked = failures.retryAfterSeconds(address);
      if (blocked > 0) throw rateLimited(blocked);
      const readsDatabase = hash !== undefined && keys.wouldQuery(hash);
      if (readsDatabase) {
        const wait = await failures.takeAttempt(address);
        if (wait > 0) throw rateLimited(wait);
      }
      try {
        key = (hash ? await keys.lookup(hash) : null) ?? undefined;
      } catch (error) {
        // The database did not answer (503): that is no failure of the address.
        if (readsDatabase) failures.giveBack(address);
        throw error;
      }
      if (!key) {
        const wait = readsDatabase ? 0 : await failures.takeAttempt(address);
        throw wait > 0 ? rateLimited(wait) : unauthorized();
      }
      if (readsDatabase) failures.giveBack(address);
    }
    const caller: Caller = { memberId: key.memberId, keyId: key.keyId };
    res.locals.caller = caller;
    requestScopeOf(res).identify(key.memberId);
    next();
  } catch (error) {
    next(error);
  }
};
