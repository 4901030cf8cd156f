import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  lpsSignature,
  safeEqual,
  signDelivery,
  standardWebhooksSignature,
  verifyDelivery,
  verifyLpsSignature,
  verifyStandardWebhook,
  WebhookVerificationError,
} from '@lps/webhooks';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ id: 'evt', type: 'post.published', created_at: '2026-01-01T00:00:00.000Z', data: { post: { body: 'naïve café ☕' } } });
const now = 1_767_225_600;
const signed = () => ({ ...signDelivery(secret, 'del_1', now, body), 'x-lps-event': 'post.published' });
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as WebhookVerificationError).reason;
  }
  return 'accepted';
};

describe('signatures', () => {
  it('X-LPS-Signature is sha256= and the lowercase hex HMAC of the raw body keyed with the whole secret', () => {
    expect(lpsSignature(secret, body)).toBe(`sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`);
  });

  it('webhook-signature follows Standard Webhooks: v1, base64 HMAC of "id.timestamp.body" keyed with the decoded secret', () => {
    const key = Buffer.from(secret.slice(6), 'base64');
    expect(standardWebhooksSignature(secret, 'msg_1', now, body)).toBe(`v1,${createHmac('sha256', key).update(`msg_1.${now}.${body}`).digest('base64')}`);
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From standard-webhooks/standard-webhooks' spec and libraries.
    const reference = standardWebhooksSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(reference).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs bytes and strings alike', () => {
    expect(lpsSignature(secret, Buffer.from(body))).toBe(lpsSignature(secret, body));
  });
});

describe('verifyDelivery', () => {
  it('accepts a genuine delivery and returns its id, event and parsed body', () => {
    expect(verifyDelivery(secret, Buffer.from(body), signed(), { nowSeconds: now + 10 })).toEqual({ deliveryId: 'del_1', event: 'post.published', payload: JSON.parse(body) });
  });

  it('reads headers in any case and from a fetch Headers object', () => {
    const upper = Object.fromEntries(Object.entries(signed()).map(([key, value]) => [key.toUpperCase(), value]));
    expect(verifyDelivery(secret, body, upper, { nowSeconds: now }).deliveryId).toBe('del_1');
    expect(verifyDelivery(secret, body, new Headers(signed()), { nowSeconds: now }).deliveryId).toBe('del_1');
  });

  it('refuses a tampered body', () => {
    expect(reason(() => verifyDelivery(secret, body.replace('café', 'cafe'), signed(), { nowSeconds: now }))).toBe('bad_signature');
  });

  it('refuses another secret', () => {
    expect(reason(() => verifyDelivery(`whsec_${randomBytes(32).toString('base64')}`, body, signed(), { nowSeconds: now }))).toBe('bad_signature');
  });

  it('refuses a valid X-LPS-Signature when the Standard Webhooks signature was forged', () => {
    const headers = { ...signed(), 'webhook-signature': 'v1,AAAA' };
    expect(reason(() => verifyDelivery(secret, body, headers, { nowSeconds: now }))).toBe('bad_signature');
  });

  it('refuses a replay outside the tolerance (default 5 minutes) and honours a custom tolerance', () => {
    expect(reason(() => verifyDelivery(secret, body, signed(), { nowSeconds: now + 301 }))).toBe('timestamp_out_of_tolerance');
    expect(reason(() => verifyDelivery(secret, body, signed(), { nowSeconds: now - 301 }))).toBe('timestamp_out_of_tolerance');
    expect(reason(() => verifyDelivery(secret, body, signed(), { nowSeconds: now + 600, toleranceSeconds: 900 }))).toBe('accepted');
  });

  it('refuses missing headers', () => {
    const { 'webhook-timestamp': _dropped, ...rest } = signed();
    expect(reason(() => verifyDelivery(secret, body, rest, { nowSeconds: now }))).toBe('missing_header');
    const { 'X-LPS-Signature': _lps, ...noLps } = signed();
    expect(reason(() => verifyDelivery(secret, body, noLps, { nowSeconds: now }))).toBe('bad_signature');
  });
});

describe('the single checks', () => {
  it('verifyStandardWebhook accepts any of several space-separated signatures (secret rotation)', () => {
    const headers = signed();
    const rotated = `v1,${Buffer.alloc(32).toString('base64')} ${headers['webhook-signature']}`;
    expect(() => verifyStandardWebhook(secret, body, { id: 'del_1', timestamp: String(now), signature: rotated }, { nowSeconds: now })).not.toThrow();
  });

  it('verifyLpsSignature is false for a missing or wrong header', () => {
    expect(verifyLpsSignature(secret, body, undefined)).toBe(false);
    expect(verifyLpsSignature(secret, body, 'sha256=00')).toBe(false);
    expect(verifyLpsSignature(secret, body, lpsSignature(secret, body).toUpperCase().replace('SHA256', 'sha256'))).toBe(true);
  });

  it('safeEqual compares by value and refuses different lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('the package receivers install', () => {
  it('has no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual([]);
  });
});
