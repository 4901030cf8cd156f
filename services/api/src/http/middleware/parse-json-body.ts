import type { RequestHandler } from 'express';
import { validationError } from '@lps/common';
import { closeIfStillSending } from '../close-if-still-sending.js';
import { hasBody, isJsonType, readJsonBody } from '../input/read-json-body.js';
import type { RouteDefinition } from '../route.js';

/**
 * JSON only (docs/api.md): a body with another content type, or one that cannot
 * be read (not JSON, not UTF-8, over 1 MB, nested or sprawling past the limits)
 * is 422 validation_error naming `content-type`, `content-encoding` or `body`.
 * Runs after auth and rate limiting so the order of checks matches the contract.
 */
export const parseJsonBody =
  (route: RouteDefinition): RequestHandler =>
  async (req, res, next) => {
    if (!hasBody(req)) {
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
      closeIfStillSending(req, res);
      next(validationError({ 'content-type': `expected application/json, got ${contentType ? JSON.stringify(contentType) : 'none'}` }));
      return;
    }
    const problem = await readJsonBody(req);
    if (!problem) {
      next();
      return;
    }
    // A body refused from its headers was never read: the client may still be sending it.
    closeIfStillSending(req, res);
    next(validationError({ [problem.kind === 'media-type' ? problem.field : 'body']: problem.reason }));
  };
