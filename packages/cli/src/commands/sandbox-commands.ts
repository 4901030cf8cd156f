import { isUuid } from '@lps/common';
import { findMember } from '@lps/db';
import { isSandboxRefusalKind, RedisSandboxStore, SANDBOX_REFUSAL_KINDS, SANDBOX_REFUSALS, SandboxNetwork } from '@lps/network';
import { createRedisClient } from '@lps/queue';
import { UsageError, type CommandContext } from './command.js';

/** Without --error: the refusal members meet most on LinkedIn, the same text posted twice. */
export const DEFAULT_REFUSAL = 'duplicate';

/**
 * `lps sandbox fail-next <member-id> [--error <kind>] [--json]` (decision 0038): the member's next
 * publication on the sandbox network is refused as LinkedIn would refuse it, so the failure inbox,
 * post.publish_failed and "fix and retry" can be seen without LinkedIn. Kept in the sandbox's Redis
 * state (a Redis flush disarms it). Only with LPS_NETWORK=sandbox.
 */
export async function sandboxFailNext(context: CommandContext): Promise<void> {
  if (context.config.network.mode !== 'sandbox') throw new UsageError('LPS_NETWORK is linkedin: there is no sandbox network to refuse a publication');
  const [memberId] = context.positionals;
  if (!memberId || !isUuid(memberId)) throw new UsageError(`usage: lps sandbox fail-next <member-id> [--error ${SANDBOX_REFUSAL_KINDS.join('|')}]`);
  const kind = typeof context.options.error === 'string' ? context.options.error.trim() : DEFAULT_REFUSAL;
  if (!isSandboxRefusalKind(kind)) throw new UsageError(`--error must be one of ${SANDBOX_REFUSAL_KINDS.join(', ')}`);
  if (!(await findMember(context.db, memberId))) throw new UsageError(`no member with id ${memberId}`);
  const redis = createRedisClient(context.config.redis, 'command', 'lps-cli');
  try {
    await redis.connect();
    await new SandboxNetwork(new RedisSandboxStore(redis, context.config.redis.prefix)).armRefusal(memberId, kind);
  } finally {
    redis.disconnect();
  }
  const refusal = SANDBOX_REFUSALS.find((candidate) => candidate.kind === kind);
  context.print(
    context.options.json ? JSON.stringify({ member_id: memberId, armed: kind }) : `the next publication of member ${memberId} will be refused: ${refusal?.description ?? kind}`,
  );
}
