/** A path of ours to come back to after signing in; anything else (another site, `//host`, `/\host`) is ignored. */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || [...value].some((char) => char.charCodeAt(0) < 0x20)) return '/posts';
  if (value.startsWith('/sign-in')) return '/posts';
  return value;
}
