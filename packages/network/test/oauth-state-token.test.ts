import { randomBytes, randomUUID } from 'node:crypto';
import { Keyring, signToken } from '@lps/crypto';
import { readOAuthState, signOAuthState, type OAuthStateClaims } from '@lps/network';

// The `state` of an authorize link is all that binds LinkedIn's redirect to a member
// (the callback takes no API key): only a state we signed, unaltered, may name one.
const keys = new Keyring(randomBytes(32).toString('hex'));
const claims = (extra: Partial<OAuthStateClaims> = {}): OAuthStateClaims => ({ stateId: randomUUID(), memberId: randomUUID(), replace: false, analytics: false, ...extra });
const parts = (token: string) => token.split('.') as [string, string];
const reencode = (token: string, change: (payload: Record<string, unknown>) => void) => {
  const payload = JSON.parse(Buffer.from(parts(token)[0], 'base64url').toString('utf8')) as Record<string, unknown>;
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${parts(token)[1]}`;
};

describe('the signed OAuth state', () => {
  it.each([
    ['a plain link', claims()],
    ['--replace', claims({ replace: true })],
    ['--analytics', claims({ analytics: true })],
  ])('reads back what was signed: %s', (_name, signed) => {
    expect(readOAuthState(signOAuthState(signed, keys), keys)).toEqual(signed);
  });

  it('refuses a state whose allowances were altered on the way (adding --replace)', () => {
    const token = reencode(signOAuthState(claims(), keys), (payload) => (payload.r = 1));
    expect(readOAuthState(token, keys)).toBeUndefined();
  });

  it('refuses a state signed with another key, or by another purpose of the same key', () => {
    const other = new Keyring(randomBytes(32).toString('hex'));
    expect(readOAuthState(signOAuthState(claims(), other), keys)).toBeUndefined();
    const cursorLike = `${Buffer.from(JSON.stringify({ s: randomUUID(), m: randomUUID() })).toString('base64url')}.${'A'.repeat(22)}`;
    expect(readOAuthState(cursorLike, keys)).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['a lone dot', '.'],
    ['three parts', 'x.y.z'],
    ['not base64url', 'not-base64!.sig'],
    ['a NUL byte', '\u0000'],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['a malformed escape', '%E0%A4%A.x'],
  ])('refuses malformed input without throwing: %s', (_name, token) => {
    expect(readOAuthState(token, keys)).toBeUndefined();
  });

  it('refuses a signed state whose row id is not a UUID (it would reach the database otherwise)', () => {
    const token = signToken({ s: "1' OR '1'='1", m: randomUUID() }, keys.deriveKey('oauth-state'));
    expect(readOAuthState(token, keys)).toBeUndefined();
  });
});
