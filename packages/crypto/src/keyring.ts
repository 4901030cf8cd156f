import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (webhook secrets, network tokens). The current
 * key encrypts; previous keys still decrypt, so the key can be rotated without
 * downtime. Stored form: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
export class Keyring {
  private readonly keys: Map<string, Buffer>;
  private readonly currentId: string;
  /** Subkeys by purpose: HKDF ran on every cursor of every GET /posts page. */
  private readonly derived = new Map<string, Buffer>();

  constructor(currentKey: string, previousKeys: string[] = []) {
    const all = [currentKey, ...previousKeys].map(decodeKey);
    this.keys = new Map(all.map((key) => [keyId(key), key]));
    this.currentId = keyId(all[0] as Buffer);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.currentKey(), iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', this.currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  decrypt(stored: string): string {
    const [version, id, iv, tag, ciphertext] = stored.split('.');
    if (version !== 'v1' || !id || !iv || !tag || ciphertext === undefined) throw new Error('not an encrypted value');
    const key = this.keys.get(id);
    if (!key) throw new Error(`no key with id ${id} in the keyring (was LPS_ENCRYPTION_KEY rotated without keeping the old one?)`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The id every value encrypted now carries (its second dot-separated part): values with another id await re-encryption. */
  get currentKeyId(): string {
    return this.currentId;
  }

  /** A purpose-bound subkey (cursor signing, OAuth state), so one secret serves every need. */
  deriveKey(purpose: string): Buffer {
    let key = this.derived.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.currentKey(), Buffer.alloc(0), `lps:${purpose}`, 32));
      this.derived.set(purpose, key);
    }
    // A copy: a caller that changed its buffer must not change the next caller's key.
    return Buffer.from(key);
  }

  private currentKey(): Buffer {
    return this.keys.get(this.currentId) as Buffer;
  }
}

function decodeKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('encryption keys must be 32 bytes');
  return key;
}

const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);
