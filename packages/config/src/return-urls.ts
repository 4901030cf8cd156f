/**
 * Where a member's browser may be sent back after connecting LinkedIn (LPS_CONNECT_RETURN_URLS).
 * An entry is an origin and a path prefix; a `return_to` matches when, parsed as a browser parses
 * it, it has exactly that origin (scheme, host after IDNA, port) and a path equal to the prefix or
 * below it at a `/`. Anything a browser or a server might read differently from what was checked is
 * refused before parsing: no open redirect (docs/decisions/0019).
 */
export interface AllowedReturnUrl {
  /** `https://app.example.com` (lower case, punycode, default port left out). */
  origin: string;
  /** `/` (any path) or a prefix without a trailing slash, e.g. `/settings/linkedin`. */
  path: string;
}

export const RETURN_URL_MAX_LENGTH = 2_048;

/** Control characters (NUL included), whitespace and backslashes (which browsers read as `/`). */
// eslint-disable-next-line no-control-regex -- matching control characters is what this expression is for
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/u;
/** `scheme://authority` with nothing odd in the authority: no userinfo (`@`), no escapes (`%`). */
const ABSOLUTE_HTTP = /^https?:\/\/([^/?#]*)/i;
/** A `%` that does not start an escape: servers disagree on what it means. */
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
/** Escapes that decode to a path separator, a dot (dot segments) or NUL: a server may decode them and leave the prefix. */
const ENCODED_PATH_TRICK = /%(?:2f|5c|2e|00)/i;

const trimPath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';

/** The URL a browser would go to, if `text` is a plain absolute http(s) URL; undefined for anything else. */
export function parseReturnUrl(text: string): URL | undefined {
  if (text.length === 0 || text.length > RETURN_URL_MAX_LENGTH || UNSAFE_CHARACTER.test(text) || MALFORMED_ESCAPE.test(text)) return undefined;
  const authority = ABSOLUTE_HTTP.exec(text)?.[1];
  if (!authority || /[@%]/.test(authority)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return undefined;
  if (ENCODED_PATH_TRICK.test(url.pathname)) return undefined;
  return url;
}

/** One allow-list entry, or why it is not one (the configuration names the variable). */
export function parseAllowedReturnUrl(entry: string): AllowedReturnUrl | string {
  const url = parseReturnUrl(entry.trim());
  if (!url) return `${entry} is not an absolute http(s) URL without credentials`;
  if (url.search || url.hash) return `${entry} must not carry a query or a fragment`;
  return { origin: url.origin, path: trimPath(url.pathname) };
}

/**
 * `candidate` as the browser will be sent to it (the parsed, normalised URL), when it is on the
 * allow-list; undefined otherwise. The caller redirects to the returned URL, never to the text given.
 */
export function matchReturnUrl(candidate: string, allowed: readonly AllowedReturnUrl[]): URL | undefined {
  const url = parseReturnUrl(candidate);
  if (!url) return undefined;
  const fits = allowed.some((entry) => entry.origin === url.origin && (entry.path === '/' || url.pathname === entry.path || url.pathname.startsWith(`${entry.path}/`)));
  return fits ? url : undefined;
}
