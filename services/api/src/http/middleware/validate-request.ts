import Joi from 'joi';
import type { RequestHandler } from 'express';
import { validationError, type ErrorDetails } from '@lps/common';
import type { RouteDefinition } from '../route.js';
import { collectUnstorableText } from '../input/unstorable-text.js';

const OPTIONS: Joi.ValidationOptions = { abortEarly: false, convert: true, errors: { wrap: { label: false } } };

function collect(details: ErrorDetails, error: Joi.ValidationError | undefined, fallbackKey: string): void {
  for (const detail of error?.details ?? []) {
    const key = detail.path.length > 0 ? detail.path.join('.') : fallbackKey;
    details[key] ??= detail.message;
  }
}

/**
 * Validates path, query and body against the route's joi schemas (the same
 * schemas the OpenAPI document is built from). Every problem is reported at
 * once, keyed by field. Unknown body fields are refused; unknown query
 * parameters are ignored, as caches and proxies add their own.
 */
export const validateRequest = (route: RouteDefinition): RequestHandler => (req, res, next) => {
  const details: ErrorDetails = {};
  const validated: Record<string, unknown> = {};
  const spec = route.request ?? {};
  // First, so a field's NUL or lone surrogate is what its detail names.
  collectUnstorableText(req.params, '', details);
  collectUnstorableText(req.query, '', details);
  if (!spec.customBody || req.is('application/json')) collectUnstorableText(req.body, '', details);

  if (spec.params) {
    const result = spec.params.validate(req.params, OPTIONS);
    collect(details, result.error, 'path');
    validated.params = result.value;
  } else {
    validated.params = req.params;
  }

  if (spec.query) {
    const result = spec.query.validate(req.query, { ...OPTIONS, stripUnknown: true });
    collect(details, result.error, 'query');
    validated.query = result.value;
  } else {
    validated.query = {};
  }

  if (spec.customBody && req.body === undefined && !req.is('application/json')) {
    validated.body = undefined;
  } else if (spec.body) {
    // No body at all is validated as {}: required fields are then named in the details.
    const raw = req.body ?? {};
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      details.body = 'must be a JSON object';
    } else {
      const result = spec.body.validate(raw, { ...OPTIONS, allowUnknown: false });
      collect(details, result.error, 'body');
      validated.body = result.value;
    }
  } else if (req.body !== undefined && !(typeof req.body === 'object' && req.body && Object.keys(req.body).length === 0)) {
    details.body = 'this endpoint takes no request body';
  }

  if (Object.keys(details).length > 0) {
    next(validationError(details));
    return;
  }
  res.locals.validated = validated;
  next();
};
