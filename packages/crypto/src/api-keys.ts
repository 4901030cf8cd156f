import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PATTERN = /^lps_[0-9a-f]{32}$/;

/** A new key: shown once, stored only as its SHA-256. */
export function generateApiKey(): { apiKey: string; keyHash: string; last4: string } {
  const apiKey = `lps_${randomBytes(16).toString('hex')}`;
  return { apiKey, keyHash: hashApiKey(apiKey), last4: apiKey.slice(-4) };
}

export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey, 'utf8').digest('hex');
