import type { ErrorDetails } from '@lps/common';

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
 * Records, by field path (joi's `a.b.0` form), every string in a parsed JSON
 * value — field names included — that cannot be stored. Iterative: a 1 MB body
 * can nest half a million levels deep.
 */
export function collectUnstorableText(root: unknown, rootPath: string, details: ErrorDetails): void {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: rootPath }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem) details[path || 'body'] ??= problem;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = unstorableTextProblem(key);
      if (keyProblem) {
        details[path || 'body'] ??= `a field name ${keyProblem}`;
        continue;
      }
      pending.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
}
