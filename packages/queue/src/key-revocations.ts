import { Redis } from 'ioredis';

/** Where revoked API key ids are announced, so every API replica drops them from its cache at once. */
export const keyRevocationChannel = (prefix: string): string => `${prefix}:auth:revoked`;

export async function publishKeyRevocation(redis: Redis, prefix: string, keyId: string): Promise<void> {
  await redis.publish(keyRevocationChannel(prefix), keyId);
}

/** Subscribes on a connection of its own (a subscribed connection can do nothing else); returns the way to stop. */
export async function subscribeKeyRevocations(redisUrl: string, prefix: string, onRevoked: (keyId: string) => void): Promise<() => Promise<void>> {
  const subscriber = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null, connectionName: 'lps-revocations' });
  await subscriber.connect();
  await subscriber.subscribe(keyRevocationChannel(prefix));
  subscriber.on('message', (_channel: string, keyId: string) => onRevoked(keyId));
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
