/** The first line of a post, short enough for a list or a heading. */
export function excerpt(text: string | null | undefined, length = 90): string {
  const first = (text ?? '').trim().split('\n')[0] ?? '';
  if (!first) return 'Untitled post';
  return first.length > length ? `${first.slice(0, length - 1).trimEnd()}…` : first;
}
