import { notFound, unprocessable, type KeyScope } from '@lps/common';
import { apiKeyToWire } from '@lps/db';
import { generateApiKey } from '@lps/crypto';
import type { Needs } from '@lps/api';

/** The longest life a key may be given from the dashboard: one that never ends is asked for by leaving expiry out. */
export const KEY_MAX_LIFETIME_MS = 2 * 366 * 86_400_000;

export async function listKeys({ repos }: Needs<'listApiKeys'>, memberId: string) {
  return { data: (await repos.listApiKeys(memberId)).reverse().map(apiKeyToWire) };
}

/** A new key, shown in this answer only; stored as its SHA-256 with the last four characters for display. */
export async function createKey({ repos }: Needs<'insertApiKey'>, memberId: string, input: { name: string; scope?: KeyScope; expires_at?: Date }, now = new Date()) {
  if (input.expires_at && input.expires_at.getTime() <= now.getTime()) throw unprocessable('expires_at must be in the future', { expires_at: 'in the past' });
  if (input.expires_at && input.expires_at.getTime() > now.getTime() + KEY_MAX_LIFETIME_MS)
    throw unprocessable('expires_at may be at most two years ahead', { expires_at: 'more than two years ahead' });
  const key = generateApiKey();
  const stored = await repos.insertApiKey({
    memberId,
    keyHash: key.keyHash,
    last4: key.last4,
    name: input.name,
    scope: input.scope ?? 'full',
    expiresAt: input.expires_at ?? null,
  });
  return { key: apiKeyToWire(stored), api_key: key.apiKey };
}

/**
 * Revokes one of the member's keys and tells every API replica to forget it now (the same message as
 * `lps key revoke`); should that message be lost, the key still stops within the key cache's TTL.
 */
export async function revokeKey(
  { repos, request }: Needs<'revokeOwnedApiKey', 'request'>,
  memberId: string,
  id: string,
  announce: (keyId: string) => Promise<void>,
): Promise<void> {
  if (!(await repos.revokeOwnedApiKey(memberId, id))) throw notFound('API key');
  await announce(id).catch((error: unknown) =>
    request.log.warn('could not announce a key revocation; replicas drop it within LPS_AUTH_CACHE_TTL', { error: (error as Error).message }),
  );
}
