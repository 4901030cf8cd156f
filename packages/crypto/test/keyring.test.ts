import { randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, generateApiKey, hashApiKey, Keyring, signToken, verifyToken } from '@lps/crypto';

const hexKey = () => randomBytes(32).toString('hex');
const base64Key = () => randomBytes(32).toString('base64');

describe('Keyring (secrets at rest)', () => {
  it('round-trips any text, never storing it in clear, with a fresh IV each time', () => {
    const keyring = new Keyring(hexKey());
    const secret = 'whsec_ünïcode ✓ and a NUL \u0000 inside';
    const once = keyring.encrypt(secret);
    const twice = keyring.encrypt(secret);
    expect(once).not.toBe(twice);
    expect(once).not.toContain('whsec');
    expect(once.split('.')).toHaveLength(5);
    expect(keyring.decrypt(once)).toBe(secret);
    expect(keyring.decrypt(twice)).toBe(secret);
  });

  it('rotation: the new key encrypts, previous keys still decrypt, and the stored key id tells which key wrote a value', () => {
    const [oldKey, newKey] = [hexKey(), base64Key()];
    const before = new Keyring(oldKey);
    const storedBefore = before.encrypt('token-1');
    const rotated = new Keyring(newKey, [oldKey]);
    expect(rotated.decrypt(storedBefore)).toBe('token-1');
    const storedAfter = rotated.encrypt('token-2');
    expect(storedAfter.split('.')[1]).toBe(rotated.currentKeyId);
    expect(storedBefore.split('.')[1]).toBe(before.currentKeyId);
    expect(rotated.currentKeyId).not.toBe(before.currentKeyId);
    // Once the old key is dropped its values no longer open, with a message that says why.
    expect(() => new Keyring(newKey).decrypt(storedBefore)).toThrow(/no key with id .* rotated without keeping the old one/);
    expect(new Keyring(newKey).decrypt(storedAfter)).toBe('token-2');
  });

  it('refuses a value changed after encryption (authenticated encryption), and values that are not ours', () => {
    const keyring = new Keyring(hexKey());
    const parts = keyring.encrypt('the secret').split('.');
    const ciphertext = Buffer.from(parts[4] as string, 'base64url');
    ciphertext[0] = (ciphertext[0] as number) ^ 1;
    parts[4] = ciphertext.toString('base64url');
    expect(() => keyring.decrypt(parts.join('.'))).toThrow();
    for (const notOurs of ['', 'plain text', 'v2.a.b.c.d', 'v1.only.three']) expect(() => keyring.decrypt(notOurs)).toThrow();
  });

  it('accepts exactly 32-byte keys, as hex or base64', () => {
    expect(() => new Keyring(randomBytes(16).toString('hex'))).toThrow(/32 bytes/);
    expect(() => new Keyring(hexKey(), [randomBytes(31).toString('base64')])).toThrow(/32 bytes/);
    const raw = randomBytes(32);
    const value = new Keyring(raw.toString('hex')).encrypt('same key, two spellings');
    expect(new Keyring(raw.toString('base64')).decrypt(value)).toBe('same key, two spellings');
  });

  it('derives a different subkey per purpose and per current key', () => {
    const key = hexKey();
    const keyring = new Keyring(key);
    expect(keyring.deriveKey('cursor')).toHaveLength(32);
    expect(keyring.deriveKey('cursor').equals(new Keyring(key).deriveKey('cursor'))).toBe(true);
    expect(keyring.deriveKey('cursor').equals(keyring.deriveKey('oauth-state'))).toBe(false);
    expect(keyring.deriveKey('cursor').equals(new Keyring(hexKey(), [key]).deriveKey('cursor'))).toBe(false);
  });
});

describe('API keys', () => {
  it('are lps_ and 32 lowercase hex characters, kept only as their SHA-256', () => {
    const { apiKey, keyHash, last4 } = generateApiKey();
    expect(apiKey).toMatch(API_KEY_PATTERN);
    expect(keyHash).toBe(hashApiKey(apiKey));
    expect(keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(keyHash).not.toContain(apiKey.slice(4));
    expect(last4).toBe(apiKey.slice(-4));
    expect(new Set(Array.from({ length: 200 }, () => generateApiKey().apiKey)).size).toBe(200);
  });
});

describe('signed tokens (cursors, OAuth state)', () => {
  const key = randomBytes(32);

  it('give back exactly what was signed', () => {
    const payload = { created_at: '2026-11-25T00:00:00.000Z', id: 'a', n: 3 };
    expect(verifyToken(signToken(payload, key), key)).toEqual(payload);
  });

  it('refuse a changed body, a changed signature, another key and malformed tokens', () => {
    const token = signToken({ id: 'a' }, key);
    const [body, signature] = token.split('.') as [string, string];
    const otherBody = Buffer.from(JSON.stringify({ id: 'b' })).toString('base64url');
    expect(verifyToken(`${otherBody}.${signature}`, key)).toBeUndefined();
    // The key is random, so the signature may already end in any character: change it to one it is not.
    const lastChanged = signature.endsWith('A') ? 'B' : 'A';
    expect(verifyToken(`${body}.${signature.slice(0, -1)}${lastChanged}`, key)).toBeUndefined();
    expect(verifyToken(token, randomBytes(32))).toBeUndefined();
    for (const malformed of ['', '.', 'abc', `${token}.extra`, `${body}.`, `.${signature}`, '%%%.%%%']) expect(verifyToken(malformed, key)).toBeUndefined();
  });
});
