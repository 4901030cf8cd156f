const SENSITIVE_KEY = /authorization|api[_-]?key|secret|token|password|cookie|signature/i;
/** Values that look like our keys, webhook secrets or bearer tokens, wherever they appear in a message. */
const SENSITIVE_VALUE = /\b(lps_[0-9a-f]{32}|whsec_[A-Za-z0-9+/=]{20,})|(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g;

/**
 * Credential-carrying query parameters of a URL in a message (the OAuth callback's
 * `code` and `state`, tokens, keys): a failed request is logged with its URL.
 */
const SECRET_QUERY_PARAMETER = /([?&](?:code|state|token|access_token|refresh_token|id_token|client_secret|api_key|key)=)[^&#\s"']*/gi;

export const redactText = (text: string): string =>
  text
    .replace(SENSITIVE_VALUE, (_match, ours: string | undefined, bearer: string | undefined) => (ours ? `${ours.slice(0, 4)}[redacted]` : `${bearer ?? ''}[redacted]`))
    .replace(SECRET_QUERY_PARAMETER, '$1[redacted]');

/** One named value: hidden whole when its name says secret, otherwise redacted inside. */
export const redactField = (key: string, value: unknown, depth = 0): unknown => (SENSITIVE_KEY.test(key) ? '[redacted]' : redact(value, depth));

/** Deep copy with secrets replaced: keys by name, known secret shapes by value. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[depth]';
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactField(key, inner, depth + 1)]));
  }
  return value;
}
