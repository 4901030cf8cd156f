import type { GrantName } from '@lps/db';
import type { Needs } from '../publisher-context.js';

/**
 * LinkedIn refused a grant's token (a 401, or a refused refresh): the grant is disconnected
 * (`network_connected` false for the share grant; no analytics calls for the other) and
 * connection.revoked goes to the member's endpoints, once however many jobs saw the refusal.
 */
export async function revokeRefusedGrant({ repos, announceEvents }: Needs<'revokeGrant', 'announceEvents'>, grant: GrantName, memberId: string, reason: string): Promise<void> {
  const outboxId = await repos.revokeGrant(grant, memberId, reason);
  if (outboxId) await announceEvents([outboxId]);
}
