import type { Response } from 'express';

/** Every HTML answer's policy: nothing but our own files, no inline script, never framed (docs/dashboard.md). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The headers of an HTML answer; sign-in pages send no Referer at all (their URLs may carry a state). */
export function setHtmlHeaders(res: Response, options: { signIn?: boolean } = {}): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', options.signIn ? 'no-referrer' : 'same-origin');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}

/** JSON answers of /dashboard/api: not to be sniffed, framed or cached, and varying with the CSRF headers. */
export function setJsonHeaders(res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  res.setHeader('Vary', 'Sec-Fetch-Site, Origin, Cookie');
}
