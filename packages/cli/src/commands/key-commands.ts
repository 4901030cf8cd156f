import { isUuid } from '@lps/common';
import { generateApiKey } from '@lps/crypto';
import { findMember, insertApiKey, listApiKeys, revokeApiKey } from '@lps/db';
import { announceRevocation } from './announce-revocation.js';
import { requireOption, UsageError, type CommandContext } from './command.js';

async function requireMember(context: CommandContext): Promise<string> {
  const memberId = requireOption(context, 'member');
  if (!isUuid(memberId) || !(await findMember(context.db, memberId))) throw new UsageError(`no member with id ${memberId}`);
  return memberId;
}

/** `lps key create --member <id> [--json]`: prints `{"api_key","key_id"}`; only the hash is kept. */
export async function keyCreate(context: CommandContext): Promise<void> {
  const memberId = await requireMember(context);
  const key = generateApiKey();
  const stored = await insertApiKey(context.db, { memberId, keyHash: key.keyHash, last4: key.last4 });
  if (context.options.json) {
    context.print(JSON.stringify({ api_key: key.apiKey, key_id: stored.id }));
    return;
  }
  context.print(`API key (shown once, store it now): ${key.apiKey}`);
  context.print(`key id: ${stored.id}`);
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

/** `lps key list --member <id> [--json]`: ids, last four characters and state; never the key. */
export async function keyList(context: CommandContext): Promise<void> {
  const memberId = await requireMember(context);
  const keys = (await listApiKeys(context.db, memberId)).map((key) => ({
    key_id: key.id,
    last4: key.last4,
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
  }));
  if (context.options.json) {
    context.print(JSON.stringify({ data: keys }));
    return;
  }
  for (const key of keys) {
    context.print(`${key.key_id}  lps_…${key.last4}  ${key.revoked_at ? `revoked ${key.revoked_at}` : 'active'}`);
  }
}
