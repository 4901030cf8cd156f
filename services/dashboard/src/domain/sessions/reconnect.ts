import type { Needs } from '@lps/api';

/** Where the connection page's "Reconnect" goes on LinkedIn: a sign-in with the network, back to the page. */
export const RECONNECT_URL = `/auth/network/start?${new URLSearchParams({ return_to: '/connection?lps_connection=connected' }).toString()}`;
const CONNECTED_AGAIN = '/connection?lps_connection=connected';

/**
 * "Reconnect" on the connection page. On LinkedIn it is a sign-in with the network (the same
 * authorization connects). In the sandbox there is nobody to ask: the signed-in member is
 * connected again at once — a sign-in through the sandbox's page could land on another sandbox
 * member (its "Continue as a sandbox member" is one fixed member), leaving this one disconnected.
 */
export async function reconnect(deps: Needs<'reconnectSandbox', 'config'>, memberId: string, now = new Date()): Promise<{ authorize_url: string }> {
  if (deps.config.network.mode === 'linkedin') return { authorize_url: RECONNECT_URL };
  await deps.repos.reconnectSandbox(memberId, now);
  return { authorize_url: CONNECTED_AGAIN };
}
