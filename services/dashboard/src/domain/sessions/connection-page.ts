import { getConnection, type Needs } from '@lps/api';

const SANDBOX_DESCRIPTION =
  'The sandbox is a network simulated inside this lps: every member is connected to it, publishing answers with a post URN and a URL as LinkedIn would, and analytics are synthetic but stable and grow over time. Nothing leaves this server. Set LPS_NETWORK=linkedin to publish on LinkedIn.';

/** The connection page in one call: the connection as GET /me/connection says it, who it is on LinkedIn, and what the sandbox is. */
export async function connectionPage(deps: Needs<'findNetworkConnection' | 'findAnalyticsConnection', 'config'>, memberId: string) {
  const { connection } = await getConnection(deps, memberId);
  const share = deps.config.network.mode === 'linkedin' ? await deps.repos.findNetworkConnection(memberId) : null;
  const profile = share?.provider === 'linkedin' && (share.profileName || share.profilePictureUrl) ? { name: share.profileName, picture_url: share.profilePictureUrl } : null;
  return { connection, profile, sandbox: deps.config.network.mode === 'sandbox' ? { description: SANDBOX_DESCRIPTION } : null };
}
