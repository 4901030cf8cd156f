import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import { matchAppRoute } from '../shared/app-routes.js';
import { notBuiltPage, notFoundPage } from './pages/pages.js';
import { setHtmlHeaders } from './security-headers.js';

/** Vite's hashed file names: letters, digits, dots, dashes and underscores, no path. */
const ASSET_NAME = /^[\w.-]{1,200}$/;
const ASSETS_PATH = '/assets/';

/** `<link>`s of Vite's index.html that name a hashed asset: the app's icon and stylesheet. */
function linksOfTheApp(index: string): string {
  const links = [...index.matchAll(/<link rel="(icon|stylesheet)"[^>]*?href="(\/assets\/[\w.-]{1,200})"/g)].map(([, rel, href]) => `<link rel="${rel}" href="${href}">`);
  return links.some((link) => link.includes('rel="icon"')) ? links.join('') : `<link rel="icon" href="data:,">${links.join('')}`;
}

/**
 * The built web app (dist/web): its hashed assets for a year, its shell for the app's routes only
 * (never for every path), and a 503 page saying so while it is not built.
 */
export function serveWeb(webRoot: string): { assets: RequestHandler; shell: RequestHandler; pageHead: RequestHandler } {
  const assetsDir = join(webRoot, 'assets');
  const assets: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(ASSETS_PATH)) return next();
    const name = req.path.slice(ASSETS_PATH.length);
    if (!ASSET_NAME.test(name) || name.startsWith('.')) return notFoundPage(res, req.path);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.sendFile(name, { root: assetsDir, dotfiles: 'deny', maxAge: '365d', immutable: true, lastModified: false }, (error) => {
      if (error && !res.headersSent) notFoundPage(res, req.path);
    });
  };
  const shell: RequestHandler = async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !matchAppRoute(req.path)) return next();
    let page: string;
    try {
      page = await readFile(join(webRoot, 'index.html'), 'utf8');
    } catch {
      return notBuiltPage(res);
    }
    setHtmlHeaders(res);
    res.status(200).set('Cache-Control', 'no-store').type('html').send(page);
  };
  let head: Promise<string | undefined> | undefined;
  /** The built app's icon and stylesheet links, read from its index.html once (a rebuild comes with a restart). */
  const pageHead: RequestHandler = (_req, res, next) => {
    head ??= readFile(join(webRoot, 'index.html'), 'utf8').then(linksOfTheApp, () => {
      head = undefined; // not built yet: ask again next time
      return undefined;
    });
    void head.then((links) => {
      if (links) res.locals.pageHead = links;
      next();
    });
  };
  return { assets, shell, pageHead };
}
