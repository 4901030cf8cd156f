import type { Keyring } from '@lps/crypto';

/** Endpoints whose secret is kept decrypted; beyond this the oldest are dropped. */
const MAX_SECRETS = 1_000;

/**
 * Decrypted endpoint secrets, keyed by their stored (encrypted) form: a busy
 * endpoint's secret is decrypted once, not for every attempt (AES-GCM per
 * attempt was a visible share of the dispatcher's CPU). A rotated secret has a
 * new stored form, so it is never served stale. Kept in this process's memory
 * only, and never logged.
 */
export function createSecretCache(keyring: Pick<Keyring, 'decrypt'>): (secretEnc: string) => string {
  const secrets = new Map<string, string>();
  return (secretEnc) => {
    let secret = secrets.get(secretEnc);
    if (secret === undefined) {
      secret = keyring.decrypt(secretEnc);
      if (secrets.size >= MAX_SECRETS) secrets.delete(secrets.keys().next().value as string);
      secrets.set(secretEnc, secret);
    }
    return secret;
  };
}
