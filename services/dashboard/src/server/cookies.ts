import type { Request } from 'express';

/** The session: `__Host-` (no Domain, Path=/, Secure), HttpOnly, SameSite=Lax (decision 0035). */
export const SESSION_COOKIE = '__Host-lps_session';
/** The pre-session a sign-in's state is bound to (login CSRF), for the sign-in's ten minutes. */
export const PRE_SESSION_COOKIE = '__Host-lps_pre';

/** The request's cookies by name; the first of a repeated name wins, values are not decoded (ours are base64url). */
export function readCookies(req: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/** A Set-Cookie value for one of our cookies; `maxAgeSeconds` 0 deletes it. */
export const cookieHeader = (name: string, value: string, maxAgeSeconds: number): string =>
  `${name}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; Secure; HttpOnly; SameSite=Lax`;

export const clearCookie = (name: string): string => cookieHeader(name, '', 0);
