import { matchAppRoute } from '../../shared/app-routes.js';

const MAX_LENGTH = 2_000;
// eslint-disable-next-line no-control-regex -- control characters and backslashes are what is refused
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * Where a sign-in may send the browser afterwards: a page of the dashboard on this origin, or nothing.
 * `//evil`, `https://evil`, `/\evil`, their percent-encoded forms and anything that is not one of the
 * app's routes are ignored (the default page is used), never followed.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || UNSAFE.test(decoded) || /%(?:2f|5c)/i.test(value)) return null;
  const base = 'http://dashboard.invalid';
  const url = new URL(value, base);
  if (url.origin !== base || !matchAppRoute(url.pathname) || url.pathname.startsWith('/sign-in')) return null;
  return `${url.pathname}${url.search}`;
}
