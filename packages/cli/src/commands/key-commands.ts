import { isKeyScope, isUuid, KEY_SCOPES, type KeyScope } from '@lps/common';
import { parseDurationMs } from '@lps/config';
import { generateApiKey } from '@lps/crypto';
import { apiKeyToWire, findMember, insertApiKey, listApiKeys, revokeApiKey } from '@lps/db';
import { announceRevocation } from './announce-revocation.js';
import { requireOption, UsageError, type CommandContext } from './command.js';

async function requireMember(context: CommandContext): Promise<string> {
  const memberId = requireOption(context, 'member');
  if (!isUuid(memberId) || !(await findMember(context.db, memberId))) throw new UsageError(`no member with id ${memberId}`);
  return memberId;
}

const optionText = (context: CommandContext, name: string): string | undefined => {
  const value = context.options[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** `--expires`: an ISO date-time (`2027-01-31T00:00:00Z`, or a date: its midnight UTC) or a duration from now (`90d`, `12h`). */
export function parseExpiry(text: string, now = new Date()): Date {
  const duration = parseDurationMs(text);
  const at = duration !== undefined ? new Date(now.getTime() + duration) : /^\d{4}-\d{2}-\d{2}(T.*(Z|[+-]\d{2}:\d{2}))?$/.test(text) ? new Date(text) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw new UsageError(`--expires must be a date (2027-01-31 or 2027-01-31T12:00:00Z) or a duration (90d, 12h), not ${text}`);
  if (at.getTime() <= now.getTime()) throw new UsageError(`--expires ${text} is not in the future`);
  return at;
}

function scopeOption(context: CommandContext): KeyScope {
  const scope = optionText(context, 'scope') ?? 'full';
  if (!isKeyScope(scope)) throw new UsageError(`--scope must be one of ${KEY_SCOPES.join(', ')}`);
  return scope;
}

/**
 * `lps key create --member <id> [--name <label>] [--scope full|read_only|no_publish] [--expires <date|duration>] [--json]`:
 * prints `{"api_key","key_id"}`; only the hash is kept.
 */
export async function keyCreate(context: CommandContext): Promise<void> {
  const memberId = await requireMember(context);
  const scope = scopeOption(context);
  const expires = optionText(context, 'expires');
  const expiresAt = expires === undefined ? null : parseExpiry(expires);
  const name = optionText(context, 'name')?.slice(0, 100) ?? null;
  const key = generateApiKey();
  const stored = await insertApiKey(context.db, { memberId, keyHash: key.keyHash, last4: key.last4, name, scope, expiresAt });
  if (context.options.json) {
    context.print(JSON.stringify({ api_key: key.apiKey, key_id: stored.id }));
    return;
  }
  context.print(`API key (shown once, store it now): ${key.apiKey}`);
  context.print(`key id: ${stored.id} (scope ${scope}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ''})`);
}

/** `lps key revoke <key-id>`: the key answers 401 from the next request on. */
export async function keyRevoke(context: CommandContext): Promise<void> {
  const keyId = context.positionals[0];
  if (!keyId || !isUuid(keyId)) throw new UsageError('usage: lps key revoke <key-id>');
  if (!(await revokeApiKey(context.db, keyId))) throw new UsageError(`no active key with id ${keyId}`);
  await announceRevocation(context.config, keyId, (text) => process.stderr.write(`lps: ${text}\n`));
  if (context.options.json) context.print(JSON.stringify({ key_id: keyId, revoked: true }));
  else context.print(`key ${keyId} revoked`);
}

/** `lps key list --member <id> [--json]`: ids, names, scopes, last four characters, use and state; never the key. */
export async function keyList(context: CommandContext): Promise<void> {
  const memberId = await requireMember(context);
  const now = Date.now();
  const keys = (await listApiKeys(context.db, memberId)).map((key) => {
    const { id, ...info } = apiKeyToWire(key);
    return { key_id: id, ...info };
  });
  if (context.options.json) {
    context.print(JSON.stringify({ data: keys }));
    return;
  }
  for (const key of keys) {
    const state = key.revoked_at
      ? `revoked ${key.revoked_at}`
      : key.expires_at && Date.parse(key.expires_at) <= now
        ? `expired ${key.expires_at}`
        : key.expires_at
          ? `active until ${key.expires_at}`
          : 'active';
    context.print(`${key.key_id}  lps_…${key.last4}  ${key.scope}  ${state}  last used ${key.last_used_at ?? 'never'}${key.name ? `  ${key.name}` : ''}`);
  }
}
