import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * Browsers keep `Secure` cookies on plain http only for hosts they treat as trustworthy: `localhost`
 * (and `*.localhost`) and loopback addresses (Chromium, tested in test/browser-cookies.test.ts).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * A sign-in here would loop: the request came over plain HTTP (as the proxy rule of `trust proxy`
 * reads X-Forwarded-Proto) to a host whose browser will drop the `Secure` session cookie.
 */
export const cookiesWouldBeDropped = (req: Request): boolean => !req.secure && !isLoopbackHost(req.hostname);
