import Joi from 'joi';
import type { RequestHandler } from 'express';
import type { RouteDefinition } from '../route.js';
import { ProblemList } from '../input/problem-list.js';
import { checkTextAndFieldNames } from '../input/unstorable-text.js';
import { addUnknownFields, addUnknownQueryParameters } from '../input/unknown-fields.js';
import { describeJsonValue } from '../input/read-json-body.js';

/** How every request part is validated (the MCP tools' arguments too): all problems at once, labels unquoted. */
export const VALIDATION_OPTIONS: Joi.ValidationOptions = { abortEarly: false, convert: true, errors: { wrap: { label: false } } };

/** joi's findings, by field path (`fallbackKey` for the value as a whole). */
export function addJoiProblems(problems: ProblemList, error: Joi.ValidationError | undefined, fallbackKey: string): void {
  for (const detail of error?.details ?? []) problems.add(detail.path.length > 0 ? detail.path.join('.') : fallbackKey, detail.message);
}

/**
 * Validates path, query and body against the route's joi schemas (the same
 * schemas the OpenAPI document is built from). Problems are reported by field,
 * at most MAX_DETAILS of them (the message counts the rest). Unknown body fields
 * and unknown query parameters are refused whatever their name, on every route
 * (decision 0028): a misspelt parameter is a mistake to name, not to ignore.
 */
export const validateRequest =
  (route: RouteDefinition): RequestHandler =>
  (req, res, next) => {
    const problems = new ProblemList();
    const validated: Record<string, unknown> = {};
    const spec = route.request ?? {};
    // Express types the parsed body `any`: read as unknown, narrowed where it is used.
    const body: unknown = req.body;
    // First, so a field's NUL or lone surrogate is what its detail names.
    checkTextAndFieldNames(req.params, '', problems, 'any');
    checkTextAndFieldNames(req.query, '', problems, 'any');
    if (!spec.customBody || req.is('application/json')) checkTextAndFieldNames(body, '', problems);
    addUnknownQueryParameters(spec.query, req.query, problems);
    if (spec.body && body && typeof body === 'object' && !Array.isArray(body)) addUnknownFields(spec.body, body, problems);
    // A body that already fills the answer is hopeless: the schemas could only add to the count.
    if (problems.full) {
      next(problems.toError());
      return;
    }

    if (spec.params) {
      const result = spec.params.validate(req.params, VALIDATION_OPTIONS);
      addJoiProblems(problems, result.error, 'path');
      validated.params = result.value;
    } else {
      validated.params = req.params;
    }

    if (spec.query) {
      const result = spec.query.validate(req.query, VALIDATION_OPTIONS);
      addJoiProblems(problems, result.error, 'query');
      validated.query = result.value;
    } else {
      validated.query = {};
    }

    if (spec.customBody && body === undefined && !req.is('application/json')) {
      validated.body = undefined;
    } else if (spec.body) {
      // No body at all is validated as {}: required fields are then named in the details.
      const raw = body === undefined ? {} : body;
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        // Valid JSON of another kind (`null`, `[]`, `"x"`, `1`, `true`): say what it is, not that it is unreadable.
        problems.add('body', `must be a JSON object, not ${describeJsonValue(raw)}`);
      } else {
        const result = spec.body.validate(raw, { ...VALIDATION_OPTIONS, allowUnknown: false });
        addJoiProblems(problems, result.error, 'body');
        validated.body = result.value;
      }
    } else if (body !== undefined && !(typeof body === 'object' && body && Object.keys(body).length === 0)) {
      problems.add('body', 'this endpoint takes no request body');
    }

    if (!problems.empty) {
      next(problems.toError());
      return;
    }
    res.locals.validated = validated;
    next();
  };
