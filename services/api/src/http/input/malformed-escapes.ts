import type { RequestHandler } from 'express';

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path segment whose percent-escapes do not decode (`%`, `%E0%A4%A`) makes the
 * router throw `URIError: Failed to decode param` before any of our checks run.
 * Such a segment is taken as the literal text it is (its `%` escaped as `%25`),
 * so it reaches the route like any other bad value: after authentication, and
 * refused by validation with the field named — `GET /posts/%` is 422 with
 * `details.id` like `GET /posts/abc` (docs/decisions/0009-hostile-input.md).
 */
export const literalMalformedEscapes: RequestHandler = (req, _res, next) => {
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  if (path.includes('%')) {
    const segments = path.split('/');
    if (!segments.every(decodes)) {
      const literal = segments.map((segment) => (decodes(segment) ? segment : encodeURIComponent(segment))).join('/');
      req.url = literal + (queryAt === -1 ? '' : req.url.slice(queryAt));
    }
  }
  next();
};
