import { expiringConnections } from '@lps/network';
import type { PublisherContext } from '../publisher-context.js';

/** LinkedIn tokens live 60 days and most apps cannot refresh them: say so before they run out. */
export async function warnExpiringTokens({ runtime, log }: PublisherContext): Promise<void> {
  if (runtime.config.network.mode !== 'linkedin') return;
  for (const connection of await expiringConnections(runtime.db, runtime.config.network.tokenExpiryWarningMs)) {
    log.warn('LinkedIn token expires soon: reconnect with `lps member connect <member-id>`', {
      member_id: connection.memberId,
      expires_at: connection.expiresAt?.toISOString(),
    });
  }
}
