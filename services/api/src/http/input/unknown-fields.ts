import type Joi from 'joi';
import type { ProblemList } from './problem-list.js';

/** Field names an object schema declares; null when it takes any field (no keys declared, `.unknown()`, `.pattern()`). */
const declared = new WeakMap<Joi.ObjectSchema, Set<string> | null>();

function declaredFields(schema: Joi.ObjectSchema): Set<string> | null {
  let fields = declared.get(schema);
  if (fields === undefined) {
    const description = schema.describe() as { keys?: Record<string, unknown>; patterns?: unknown[]; flags?: { unknown?: boolean } };
    fields = description.keys && !description.patterns?.length && !description.flags?.unknown ? new Set(Object.keys(description.keys)) : null;
    declared.set(schema, fields);
  }
  return fields;
}

/**
 * Names the top-level fields of `value` that `schema` does not declare, with
 * joi's own message, before joi runs: a body of hundreds of unknown fields fills
 * the answer here, in one pass over its names, and joi need not run at all
 * (joi would build an error for each). The check is by own name, so a field
 * called `constructor` is as unknown as any other.
 */
export function addUnknownFields(schema: Joi.ObjectSchema, value: object, problems: ProblemList, rootPath = ''): void {
  const fields = declaredFields(schema);
  if (!fields) return;
  // Every name is checked (a Set lookup each; bodies hold at most 1,000): past the 20 shown, they are counted.
  for (const key of Object.keys(value)) {
    if (!fields.has(key)) problems.add(rootPath ? `${rootPath}.${key}` : key, `"${key}" is not allowed`);
  }
}

/**
 * Names every query parameter `schema` does not declare (every one, for a route without a query
 * schema), like an unknown body field: `?page=2` on an endpoint that pages with `cursor` would
 * otherwise quietly answer page 1. The message says which parameters the endpoint takes.
 */
export function addUnknownQueryParameters(schema: Joi.ObjectSchema | undefined, query: object, problems: ProblemList): void {
  const fields = schema ? declaredFields(schema) : new Set<string>();
  if (!fields) return;
  const takes = fields.size > 0 ? `it takes ${[...fields].join(', ')}` : 'it takes none';
  for (const key of Object.keys(query)) {
    if (!fields.has(key)) problems.add(key, `"${key}" is not a query parameter of this endpoint (${takes})`);
  }
}
