/**
 * The dashboard's pages: the server serves the web app's shell for these paths and no other, and the
 * browser's router renders them. One list for both sides (plain TypeScript: no Node or browser import).
 * A new page adds its pattern here; `:name` stands for one path segment.
 */
export const APP_ROUTES = [
  '/',
  '/sign-in',
  '/sign-in/link',
  '/posts',
  '/posts/:id',
  '/posts/:id/edit',
  '/compose',
  '/review',
  '/failures',
  '/calendar',
  '/settings/schedule',
  '/ideas',
  '/analytics',
  '/developer/keys',
  '/developer/webhooks',
  '/developer/webhooks/:id',
  '/developer/mcp',
  '/connection',
  '/account/sessions',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** The route a path shows, with its parameters; undefined for a path that is not a page of the app. A trailing slash is allowed. */
export function matchAppRoute(path: string): { route: AppRoute; params: Record<string, string> } | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.split('/');
  for (const route of APP_ROUTES) {
    const pattern = route.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] as string;
      if (!part.startsWith(':')) return part === segment;
      if (segment === '') return false;
      params[part.slice(1)] = segment;
      return true;
    });
    if (matches) return { route, params };
  }
  return undefined;
}
