import type { Request, RequestHandler } from 'express';
import { AppError, rateLimited, unauthorized } from '@lps/common';
import type { AuthFailureGuard } from '../auth-failure-guard.js';
import { API_KEY_PATTERN, hashApiKey } from '@lps/crypto';
import type { KeyCache, LiveKey } from '../key-cache.js';
import { requestScopeOf } from '../request-scope.js';
import type { Caller } from '../route.js';

const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Bearer `lps_` + 32 hex, looked up by its SHA-256; anything else is 401 before
 * any other check. A key the cache knows to be live passes at once. Otherwise
 * the request that reads the database first takes an attempt from the address's
 * failure allowance (given back if the key is live), so an address that failed
 * too often is answered 429 without a read, however many of its requests arrive
 * at once. Requests with the same key join that one lookup and take no attempt
 * of their own; a failure the cache answers is counted after it.
 */
export const authenticate =
  (keys: KeyCache, failures: AuthFailureGuard): RequestHandler =>
  async (req, res, next) => {
    try {
      const header = req.header('authorization') ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const apiKey = match?.[1];
      const hash = apiKey && API_KEY_PATTERN.test(apiKey) ? hashApiKey(apiKey) : undefined;
      const address = clientAddress(req);
      const key = (hash ? keys.peek(hash) : undefined) ?? (await lookUp(keys, failures, hash, address));
      const caller: Caller = { memberId: key.memberId, keyId: key.keyId, scope: key.scope };
      res.locals.caller = caller;
      keys.noteUse(key.keyId);
      requestScopeOf(res).identify(key.memberId);
      next();
    } catch (error) {
      next(error);
    }
  };

async function lookUp(keys: KeyCache, failures: AuthFailureGuard, hash: string | undefined, address: string): Promise<LiveKey> {
  const blocked = failures.retryAfterSeconds(address);
  if (blocked > 0) throw rateLimited(blocked);
  let reserved = false;
  let asked = false;
  const reserveAttempt = async () => {
    asked = true;
    const wait = await failures.takeAttempt(address);
    if (wait > 0) throw rateLimited(wait);
    reserved = true;
  };
  let key: LiveKey | null;
  try {
    key = hash
      ? await keys.lookup(hash, reserveAttempt).catch((error: unknown) => {
          // Joined a lookup whose own address was refused: that refusal is not ours, so ask once on our own account.
          if (!asked && error instanceof AppError && error.code === 'rate_limited') return keys.lookup(hash, reserveAttempt);
          throw error;
        })
      : null;
  } catch (error) {
    // The database did not answer (503): that is no failure of the address.
    if (reserved) failures.giveBack(address);
    throw error;
  }
  if (!key) {
    const wait = reserved ? 0 : await failures.takeAttempt(address);
    throw wait > 0 ? rateLimited(wait) : unauthorized();
  }
  if (reserved) failures.giveBack(address);
  return key;
}
