import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where a development install keeps the encryption key it generated on first start. */
export const developmentKeyPath = (dataDir: string): string => resolve(dataDir, 'encryption.key');

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Outside production, with no LPS_ENCRYPTION_KEY, the key is 32 random bytes made
 * on first start and kept (mode 0600) in the data directory, beside the files it
 * protects — never a key that is in the repository. Every process of the install
 * (`npm start`, the `lps` CLI) reads the same file; the first to need it writes it
 * (exclusively, so two starting at once agree).
 */
export function developmentKey(dataDir: string): string {
  const path = developmentKeyPath(dataDir);
  const existing = readKey(path);
  if (existing) return existing;
  mkdirSync(resolve(dataDir), { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const written = readKey(path);
  if (!written) throw new Error(`${join(dataDir, 'encryption.key')} does not hold a 64-character hex key`);
  return written;
}

function readKey(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return KEY_PATTERN.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
