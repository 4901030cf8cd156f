import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short tamper-evident tokens (pagination cursors, OAuth state): `<base64url json>.<base64url hmac>`. */
export function signToken(payload: unknown, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(body, key)}`;
}

export function verifyToken<T>(token: string, key: Buffer): T | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(body, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

const mac = (body: string, key: Buffer): string => createHmac('sha256', key).update(body).digest('base64url').slice(0, 22);
