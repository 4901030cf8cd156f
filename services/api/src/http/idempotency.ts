import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AppError, validationError } from '@lps/common';
import type { Logger } from '@lps/logger';
import type { Runtime } from '@lps/runtime';
import { renderJson, type Caller, type HandlerResult } from './route.js';

const WINDOW_MS = 24 * 3_600_000;
/** A claim older than this with no response belongs to a process that died; it can be taken over. */
const LOCK_MS = 60_000;

function readKey(req: Request): string | undefined {
  const raw = req.header('idempotency-key');
  if (raw === undefined) return undefined;
  // The IETF draft sends the key as a quoted string; accept it quoted or bare.
  const key = raw.trim().replace(/^"(.*)"$/, '$1');
  if (key.length === 0 || key.length > 255) {
    throw validationError({ 'Idempotency-Key': 'must be between 1 and 255 characters' });
  }
  return key;
}

/**
 * 409 for a repeat while the first request runs, with Retry-After: when the
 * first one's claim ends. By then it has answered (the repeat is replayed) or
 * its process died (the repeat takes the claim over).
 */
function stillInProgress(lockedUntil: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
  return new AppError('conflict', 'a request with this Idempotency-Key is still in progress; retry after the time in Retry-After', {
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * Runs `execute` at most once per (API key, endpoint, Idempotency-Key) within 24 h.
 * Stored in PostgreSQL, claimed through a unique row, so it holds across replicas.
 * 5xx answers are not stored: the client may retry them.
 */
export async function withIdempotency(runtime: Runtime, log: Logger, req: Request, caller: Caller, execute: () => Promise<HandlerResult>): Promise<HandlerResult> {
  const key = readKey(req);
  if (key === undefined) return execute();
  const scope = { apiKeyId: caller.keyId, endpoint: `${req.method} ${req.baseUrl}${req.path}`, key };
  const requestHash = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('hex');
  const claim = await runtime.repositories.claimIdempotencyKey(scope, requestHash, WINDOW_MS, LOCK_MS);

  if (claim.kind === 'in_progress') throw stillInProgress(claim.lockedUntil);
  if (claim.kind === 'replay') {
    if (claim.requestHash !== requestHash) {
      // The spec replays the original response even for a different body (rule 3); we log it.
      log.warn('Idempotency-Key reused with a different request body; replaying the stored response');
    }
    const { text, contentType } = claim.response;
    return {
      status: claim.response.status,
      body: text === null ? undefined : JSON.parse(text),
      raw: text === null || contentType === null ? undefined : { text, contentType },
      headers: { ...claim.response.headers, 'Idempotency-Replayed': 'true' },
    };
  }

  let result: HandlerResult;
  try {
    result = await execute();
  } catch (error) {
    await runtime.repositories.releaseIdempotencyKey(claim.recordId);
    throw error;
  }
  if (result.status >= 500) {
    await runtime.repositories.releaseIdempotencyKey(claim.recordId);
  } else {
    // Rendered once: the bytes stored are the bytes sent now and on every replay.
    const rendered = result.body === undefined ? undefined : renderJson(result.body);
    await runtime.repositories.storeIdempotentResponse(claim.recordId, {
      status: result.status,
      text: rendered?.text ?? null,
      contentType: rendered?.contentType ?? null,
      headers: result.headers ?? {},
    });
    return { ...result, raw: rendered };
  }
  return result;
}
