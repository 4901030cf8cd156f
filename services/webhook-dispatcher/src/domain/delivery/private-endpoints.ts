import type { Needs } from '../dispatcher-context.js';
import { ALLOW_PRIVATE_SETTING } from './send-delivery.js';

/** Hosts looked up at once: a start with thousands of endpoints must not flood the resolver. */
const LOOKUPS_AT_ONCE = 8;

/**
 * At start, while private addresses are refused: the active endpoints whose URL leads to one
 * (registered while LPS_ALLOW_PRIVATE_URLS was 1, or resolving differently since). Their
 * deliveries would sit pending, retried and refused, with nothing said at start: this says it
 * once, with their count and ids — never their URLs, whose paths may hold a receiver's token.
 * Answers the ids found.
 */
export async function warnAboutPrivateEndpoints({ repos, isPrivateHost, log }: Needs<'listActiveEndpointTargets', 'isPrivateHost' | 'log'>): Promise<string[]> {
  const endpoints = await repos.listActiveEndpointTargets();
  const byHost = new Map<string, string[]>();
  for (const endpoint of endpoints) {
    const host = new URL(endpoint.url).hostname;
    byHost.set(host, [...(byHost.get(host) ?? []), endpoint.id]);
  }
  const hosts = [...byHost.keys()];
  const found: string[] = [];
  for (let start = 0; start < hosts.length; start += LOOKUPS_AT_ONCE) {
    const batch = hosts.slice(start, start + LOOKUPS_AT_ONCE);
    const privateHosts = await Promise.all(batch.map(async (host) => ((await isPrivateHost(host)) ? host : undefined)));
    for (const host of privateHosts) if (host) found.push(...(byHost.get(host) ?? []));
  }
  if (found.length === 0) return found;
  const some = found.slice(0, 5).join(', ');
  log.warn(
    `${found.length} active webhook endpoint${found.length === 1 ? '' : 's'} (${some}${found.length > 5 ? ', …' : ''}) lead${found.length === 1 ? 's' : ''} to a private or loopback address: ` +
      `${found.length === 1 ? 'its' : 'their'} deliveries are refused and stay pending while ${ALLOW_PRIVATE_SETTING} is not 1. Set ${ALLOW_PRIVATE_SETTING}=1 (local development only) or give them public URLs.`,
    { endpoints: found.length },
  );
  return found;
}
