import { connectionProblem, type NetworkConnection, type Repositories } from '@lps/db';
import { ANALYTICS_SCOPE, analyticsGrantOf, sandboxPersonUrn, type NetworkAccount, type NetworkMode, type SecretBox } from '@lps/network';

/** The account a member acts on the network with, or why they cannot right now. */
export type AccountLookup = { account: NetworkAccount } | { problem: string };

/** The share grant as an account: its person and decrypted token (the sandbox needs no token). */
export function accountFromConnection(connection: NetworkConnection | null, mode: NetworkMode, secrets: SecretBox, now = new Date()): AccountLookup {
  const problem = connectionProblem(connection, mode, now);
  if (problem || !connection) return { problem: problem ?? 'the member is not connected to the network' };
  if (mode === 'sandbox') return { account: { memberId: connection.memberId, personUrn: connection.personUrn ?? sandboxPersonUrn(connection.memberId) } };
  return { account: { memberId: connection.memberId, personUrn: connection.personUrn as string, accessToken: secrets.decrypt(connection.accessTokenEnc as string) } };
}

/**
 * The token analytics are read with: the analytics app's grant, or a share grant that
 * happens to carry r_member_postAnalytics. Without either, a `problem` and no request at
 * all: LinkedIn would answer 403 for every post, every round (issue 17.2).
 */
export async function lookupAnalyticsAccount(
  repos: Pick<Repositories, 'findNetworkConnection' | 'findAnalyticsConnection'>,
  memberId: string,
  mode: NetworkMode,
  secrets: SecretBox,
  now = new Date(),
): Promise<AccountLookup> {
  const [connection, analytics] = await Promise.all([repos.findNetworkConnection(memberId), mode === 'linkedin' ? repos.findAnalyticsConnection(memberId) : null]);
  const share = accountFromConnection(connection, mode, secrets, now);
  if (mode === 'sandbox') return share;
  const grant = analyticsGrantOf({ analytics, share: connection, shareUsable: 'account' in share }, now);
  if (grant === 'analytics' && analytics) return { account: { memberId, personUrn: connection?.personUrn ?? '', accessToken: secrets.decrypt(analytics.accessTokenEnc) } };
  if (grant === 'share') return share;
  return { problem: `no LinkedIn grant with ${ANALYTICS_SCOPE}: analytics stay unread (lps member connect <member-id> --analytics)` };
}
