import type { RequestHandler, Router } from 'express';
import { methodNotAllowed } from '@lps/common';
import type { RouteDefinition } from './route.js';

/** The methods each path answers, as `Allow` lists them: HEAD with GET (Express serves it), OPTIONS everywhere. */
export function allowedMethods(routes: RouteDefinition[]): Map<string, string[]> {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = byPath.get(route.path) ?? new Set(['OPTIONS']);
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  // A literal path before a template that also matches it (/ideas/generate before /ideas/:id): Express takes the first.
  const params = (path: string) => (path.match(/:/g) ?? []).length;
  return new Map([...byPath].sort(([a], [b]) => params(a) - params(b)).map(([path, methods]) => [path, [...methods].sort()]));
}

/**
 * What a known path answers to a method it has no route for (decision 0028): OPTIONS is
 * 204 with `Allow`, without a key (the same list the public OpenAPI document gives);
 * anything else is 405 method_not_allowed with `Allow`, in the error envelope. Mounted
 * after the routes, so it only ever sees the methods they left. Unknown paths stay 404.
 */
export function mountMethodAnswers(router: Router, routes: RouteDefinition[]): void {
  for (const [path, allow] of allowedMethods(routes)) {
    const answer: RequestHandler = (req, res, next) => {
      if (req.method === 'OPTIONS') {
        res.status(204).setHeader('Allow', allow.join(', '));
        res.end();
        return;
      }
      next(methodNotAllowed(req.method, `${req.baseUrl}${path.replace(/:(\w+)/g, '{$1}')}`, allow));
    };
    router.all(path, answer);
  }
}
