import express, { type RequestHandler } from 'express';
import { validationError } from '@lps/common';
import type { RouteDefinition } from '../route.js';

const jsonParser = express.json({ limit: '1mb', strict: true, type: () => true });

const hasBody = (headers: Record<string, unknown>): boolean =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

const isJsonType = (contentType: string | undefined): boolean =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

/**
 * JSON only (docs/api.md): a body with another content type, or one that does
 * not parse, is 422 validation_error naming `content-type` or `body`. Runs after
 * auth and rate limiting so the order of checks matches the contract.
 */
export const parseJsonBody = (route: RouteDefinition): RequestHandler => (req, res, next) => {
  if (!hasBody(req.headers)) {
    req.body = undefined;
    next();
    return;
  }
  const contentType = req.header('content-type');
  if (!isJsonType(contentType)) {
    if (route.request?.customBody) {
      next();
      return;
    }
    next(validationError({ 'content-type': `expected application/json, got ${contentType ? JSON.stringify(contentType) : 'none'}` }));
    return;
  }
  jsonParser(req, res, (error?: unknown) => {
    if (!error) {
      next();
      return;
    }
    const failure = error as { type?: string; message?: string };
    const reason = failure.type === 'entity.too.large' ? 'larger than 1 MB' : `not valid JSON (${failure.message ?? 'parse error'})`;
    next(validationError({ body: reason }));
  });
};
