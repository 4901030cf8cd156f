import type { RedisSettings } from '@lps/config';
import { connectRedis, type RedisClient } from './connections.js';

/** Where revoked API key ids are announced, so every API replica drops them from its cache at once. */
export const keyRevocationChannel = (prefix: string): string => `${prefix}:auth:revoked`;

/** On a cluster PUBLISH reaches the subscribers of every node, so one message reaches every replica. */
export async function publishKeyRevocation(redis: RedisClient, prefix: string, keyId: string): Promise<void> {
  await redis.publish(keyRevocationChannel(prefix), keyId);
}

/** Subscribes on a connection of its own (a subscribed connection can do nothing else); returns the way to stop. */
export async function subscribeKeyRevocations(settings: RedisSettings, onRevoked: (keyId: string) => void): Promise<() => Promise<void>> {
  const subscriber = await connectRedis(settings, 'subscriber', 'lps-revocations');
  await subscriber.subscribe(keyRevocationChannel(settings.prefix));
  subscriber.on('message', (_channel: string, keyId: string) => onRevoked(keyId));
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
