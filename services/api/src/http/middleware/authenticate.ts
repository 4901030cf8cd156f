import type { RequestHandler } from 'express';
import { unauthorized } from '@lps/common';
import { API_KEY_PATTERN, hashApiKey } from '@lps/crypto';
import type { KeyCache } from '../key-cache.js';
import { requestScopeOf } from '../request-scope.js';
import type { Caller } from '../route.js';

/** Bearer `lps_` + 32 hex, looked up by its SHA-256; anything else is 401 before any other check. */
export const authenticate = (keys: KeyCache): RequestHandler => async (req, res, next) => {
  try {
    const header = req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const apiKey = match?.[1];
    if (!apiKey || !API_KEY_PATTERN.test(apiKey)) throw unauthorized();
    const key = await keys.lookup(hashApiKey(apiKey));
    if (!key) throw unauthorized();
    const caller: Caller = { memberId: key.memberId, keyId: key.keyId };
    res.locals.caller = caller;
    requestScopeOf(res).identify(key.memberId);
    next();
  } catch (error) {
    next(error);
  }
};
