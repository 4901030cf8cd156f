import { randomBytes } from 'node:crypto';
import { unprocessable } from '@lps/common';
import { endpointToWire } from '@lps/db';
import { PrivateAddressError, resolvePublicAddresses, UnresolvableHostError } from '@lps/outbound';
import type { Needs } from '../deps.js';

export const MAX_ENDPOINTS_PER_MEMBER = 20;

/** `whsec_` + base64 of 32 random bytes (docs/api.md; the Standard Webhooks shape). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

async function assertDeliverable(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolvePublicAddresses(new URL(url).hostname, allowPrivate);
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw unprocessable(
        'the webhook url resolves to a private, loopback or link-local address, which this service does not deliver to (LPS_ALLOW_PRIVATE_URLS=1 allows it, for local development)',
        {
          url: error.message,
        },
      );
    }
    if (error instanceof UnresolvableHostError) throw unprocessable('the webhook url host cannot be resolved', { url: error.message });
    throw error;
  }
}

const tooManyEndpoints = () => unprocessable(`a member can have at most ${MAX_ENDPOINTS_PER_MEMBER} webhook endpoints`);

export async function createWebhook(
  { repos, config, keyring }: Needs<'countEndpoints' | 'insertEndpointWithinCap', 'config' | 'keyring'>,
  memberId: string,
  input: { url: string; events: string[] },
) {
  const events = [...new Set(input.events)];
  if ((await repos.countEndpoints(memberId)) >= MAX_ENDPOINTS_PER_MEMBER) throw tooManyEndpoints();
  await assertDeliverable(input.url, config.security.allowPrivateUrls);
  const secret = newWebhookSecret();
  // Counted again with the insert, under a lock: the check above only spares a DNS lookup.
  const endpoint = await repos.insertEndpointWithinCap({ memberId, url: input.url, events, secretEnc: keyring.encrypt(secret) }, MAX_ENDPOINTS_PER_MEMBER);
  if (!endpoint) throw tooManyEndpoints();
  return { endpoint: endpointToWire(endpoint), secret };
}
