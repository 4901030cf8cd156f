import { isUuid } from '@lps/common';
import { generateApiKey, newOpaqueToken } from '@lps/crypto';
import { createMember, findMember, insertApiKey, insertSignInLink, inTransaction, listMembers, memberToWire } from '@lps/db';
import { requireOption, UsageError, type CommandContext } from './command.js';

/** `lps member create --name "Ada Lovelace" [--headline …] [--company …] [--json]`: the member and a first key. */
export async function memberCreate(context: CommandContext): Promise<void> {
  const name = requireOption(context, 'name');
  const network = context.config.network.mode;
  const key = generateApiKey();
  const { member, keyId } = await inTransaction(context.db, async (tx) => {
    const created = await createMember(
      tx,
      {
        displayName: name,
        headline: typeof context.options.headline === 'string' ? context.options.headline : null,
        companyName: typeof context.options.company === 'string' ? context.options.company : null,
      },
      network,
    );
    const stored = await insertApiKey(tx, { memberId: created.id, keyHash: key.keyHash, last4: key.last4 });
    return { member: created, keyId: stored.id };
  });
  const wire = memberToWire(member, network);
  if (context.options.json) {
    context.print(JSON.stringify({ member: wire, api_key: key.apiKey, key_id: keyId }));
    return;
  }
  context.print(`member ${wire.id} (${name}) created${wire.network_connected ? ', connected to the sandbox network' : ''}`);
  context.print(`API key (shown once, store it now): ${key.apiKey}`);
  context.print(`key id: ${keyId}`);
}

/** `lps member list [--json]` */
export async function memberList(context: CommandContext): Promise<void> {
  const members = (await listMembers(context.db)).map((member) => memberToWire(member, context.config.network.mode));
  if (context.options.json) {
    context.print(JSON.stringify({ data: members }));
    return;
  }
  if (members.length === 0) context.print('no members yet: lps member create --name "…"');
  for (const member of members) {
    context.print(`${member.id}  ${member.display_name ?? ''}  ${member.network_connected ? 'connected' : 'not connected'}`);
  }
}

/**
 * `lps member sign-in-link <member-id> [--json]`: a link into the dashboard that signs the member in once,
 * within LPS_SIGN_IN_LINK_TTL. The token is in the fragment (never sent to a server, a log or a Referer
 * by opening the page); only its SHA-256 is stored.
 */
export async function memberSignInLink(context: CommandContext): Promise<void> {
  const memberId = context.positionals[0];
  if (!memberId || !isUuid(memberId) || !(await findMember(context.db, memberId))) throw new UsageError(`usage: lps member sign-in-link <member-id> (no member ${memberId ?? ''})`);
  const { token, hash } = newOpaqueToken();
  const link = await insertSignInLink(context.db, { memberId, tokenHash: hash, expiresAt: new Date(Date.now() + context.config.dashboard.signInLinkTtlMs) });
  const url = `${context.config.http.publicBaseUrl}/sign-in/link#token=${token}`;
  if (context.options.json) {
    context.print(JSON.stringify({ url, expires_at: link.expiresAt.toISOString() }));
    return;
  }
  context.print(`sign-in link for member ${memberId} (works once, until ${link.expiresAt.toISOString()}):`);
  context.print(url);
}
