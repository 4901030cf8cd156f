import type { Needs } from '../deps.js';

/**
 * DELETE /me/connection: the member leaves LinkedIn. Both grants' tokens are forgotten at once
 * (`network_connected` turns false, scheduled posts then fail as for any unconnected member); the
 * LinkedIn person stays recorded, so connecting again as the same person keeps everything and as
 * another needs the operator's `--replace`. LinkedIn documents no revocation call for member
 * tokens: the member removes the app under LinkedIn's settings if they wish.
 */
export async function disconnectMember({ repos, request }: Needs<'transaction', 'request'>, memberId: string, now = new Date()): Promise<void> {
  await repos.transaction((tx) => tx.forgetMemberGrants(memberId, now));
  request.log.info('member disconnected from the network', { member_id: memberId });
}
