import { unprocessable } from '@lps/common';
import type { Post } from '@lps/db';
import { lookupNetworkAccount, type NetworkAccount } from '@lps/network';
import type { UseCaseDeps } from '../deps.js';

/** Publishing (now or scheduled) needs a connected member and something to say: otherwise 422 unprocessable. */
export async function assertPublishable({ runtime }: UseCaseDeps, post: Post): Promise<NetworkAccount> {
  if (!post.body?.trim()) throw unprocessable('the post has no body to publish', { body: 'empty' });
  const lookup = await lookupNetworkAccount(runtime.db, post.memberId, runtime.config.network.mode, runtime.keyring);
  if ('problem' in lookup) throw unprocessable(lookup.problem, { network_connected: 'false' });
  return lookup.account;
}
