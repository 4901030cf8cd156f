import type { ProblemList } from './problem-list.js';

/** In a `u` regex a well-formed pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, and a lone UTF-16 surrogate
 * (a JSON `"\ud800"`) is not Unicode at all: neither can be saved or sent on to
 * LinkedIn. One rule for every text field, in the body, the query and the path:
 * refuse it with 422 naming the field (docs/decisions/0009-hostile-input.md) —
 * stripping would silently store something other than what was sent.
 */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL (U+0000) characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return undefined;
}

/**
 * joi drops a field named `__proto__` without a word (its clone skips it), and
 * so does the MCP SDK's message parser (zod), so no schema can refuse it as
 * unknown: it is refused here, the way joi refuses every other unknown field.
 * No schema of ours declares such a field.
 */
const DROPPED_SILENTLY = '__proto__';

/** The path of the first field named `__proto__` in a parsed JSON value (bounded by JSON_LIMITS), if any. */
export function droppedFieldPath(root: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!next.value || typeof next.value !== 'object') continue;
    for (const [key, child] of Object.entries(next.value)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (key === DROPPED_SILENTLY && !Array.isArray(next.value)) return path;
      pending.push({ value: child, path });
    }
  }
  return undefined;
}

/**
 * Records, by field path (joi's `a.b.0` form), every string in a parsed JSON
 * value — field names included — that cannot be stored, and, when `fields` is
 * 'refuse-proto', every field named `__proto__`. Iterative (bodies are bounded
 * in depth, but the query and path are not JSON); stops once `problems` is full.
 */
export function checkTextAndFieldNames(root: unknown, rootPath: string, problems: ProblemList, fields: 'refuse-proto' | 'any' = 'refuse-proto'): void {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: rootPath }];
  for (let next = pending.pop(); next && !problems.full; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem) problems.add(path || 'body', problem);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = unstorableTextProblem(key);
      if (keyProblem) {
        problems.add(path || 'body', `a field name ${keyProblem}`);
        continue;
      }
      if (fields === 'refuse-proto' && key === DROPPED_SILENTLY && !Array.isArray(value)) {
        problems.add(childPath, `"${key}" is not allowed`);
        continue;
      }
      pending.push({ value: child, path: childPath });
    }
  }
}
