import type { ImageRequest } from './image-provider.js';

const clean = (line: string) =>
  line
    .replace(/^[\s>*•\-–—\d.)]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();

const lines = (text: string | null) =>
  (text ?? '')
    .split(/\n+/)
    .map(clean)
    .filter((line) => line.length > 0);

/** The post's first line: what a reader sees before "…see more", and what the images lead with. */
export function hookOf(request: Pick<ImageRequest, 'body' | 'idea'>): string {
  return lines(request.body)[0] ?? clean(request.idea ?? '');
}

/** The body's points after the hook, one per paragraph or bullet, for carousel slides. */
export function keyPointsOf(request: Pick<ImageRequest, 'body' | 'idea'>, max = 6): string[] {
  const rest = lines(request.body)
    .slice(1)
    .filter((line) => !/^#\w/.test(line));
  return rest.slice(0, max).map((line) => (line.length > 280 ? `${line.slice(0, 277).trimEnd()}…` : line));
}

export const displayName = (request: ImageRequest): string => request.member.displayName?.trim() || 'Your name';

/** Up to two initials for the avatar disc; works for any script. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? ([...word][0] ?? '') : '');
  return (first(words[0]) + (words.length > 1 ? first(words[words.length - 1]) : '')).toUpperCase();
}

/** Escapes text for an SVG attribute or element (none of ours carry user markup). */
export const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
