import type { Request } from 'express';

/** Query parameters that carry credentials: the OAuth callback's `code` and `state`, tokens of any kind. */
const SECRET_PARAMETERS = /^(code|state|token|access_token|refresh_token|id_token|client_secret|key|api_key)$/i;

/**
 * The request's URL as it may appear in a log line: path and query, with the
 * value of every credential-carrying parameter replaced. An OAuth callback that
 * fails must not write its authorization code and state into the logs.
 */
export function loggableUrl(req: Request): string {
  const url = req.originalUrl;
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const redacted = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // an undecodable name is kept as sent
      }
      return SECRET_PARAMETERS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${redacted}`;
}
