import type { Request, RequestHandler } from 'express';
import { AppError } from '@lps/common';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What an HTML form (or a no-cors fetch) can send without a preflight: never accepted by a JSON endpoint. */
const SIMPLE_TYPE = /^\s*(text\/plain|application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

const refused = (message: string) => new AppError('forbidden', message);

/** The origin this request was sent to, as the browser named it (scheme by the `trust proxy` rule, Host as sent). */
const ownOrigin = (req: Request): string => `${req.protocol}://${req.get('host') ?? ''}`;

/**
 * CSRF (OWASP): a state-changing request is served only when the browser says it came from this very
 * origin — `Sec-Fetch-Site: same-origin`, or, from a browser that sends no Fetch Metadata, an `Origin`
 * equal to ours (or PUBLIC_BASE_URL's); both missing → refused. `same-site` is not enough: another port
 * of the same host is same-site. JSON endpoints also refuse the content types a form can send, except
 * `formPaths` (the sandbox's sign-in form) and the multipart upload.
 */
export function refuseCrossOrigin(options: { publicOrigin: string; formPaths: (path: string) => boolean; multipartPaths: (path: string) => boolean }): RequestHandler {
  return (req, res, next) => {
    res.vary('Sec-Fetch-Site');
    res.vary('Origin');
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site !== undefined) {
      if (site !== 'same-origin') return next(refused(`a ${site} request may not change anything here (Sec-Fetch-Site)`));
    } else if (origin === undefined) {
      return next(refused('a request that changes something must come from this site (neither Sec-Fetch-Site nor Origin was sent)'));
    } else if (origin !== ownOrigin(req) && origin !== options.publicOrigin) {
      return next(refused('a request that changes something must come from this site (Origin)'));
    }
    const type = req.get('content-type');
    if (type && SIMPLE_TYPE.test(type) && !options.formPaths(req.path) && !(/^\s*multipart\/form-data/i.test(type) && options.multipartPaths(req.path))) {
      return next(refused('this endpoint takes application/json, never a form or text/plain body'));
    }
    next();
  };
}
