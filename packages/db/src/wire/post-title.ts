import { fitText } from '@lps/common';

/** How long a post's title is in the studio's lists (calendar, failure inbox, analytics table). */
export const POST_TITLE_MAX = 120;

/**
 * What the plain-SQL lists read of a body to make its title: its start, leading white space
 * dropped (a title is cut to 120 characters anyway, so the rest of a 3,000-character body stays
 * in the database).
 */
export const OPENING_SQL = (column = 'body') => `left(ltrim(${column}, E' \\t\\r\\n'), 600)`;

/** A post's title: its first line that has words, white space folded, at most 120 characters ("" for no text). */
export function postTitle(body: string | null): string {
  for (const line of (body ?? '').split('\n')) {
    const fitted = fitText(line, POST_TITLE_MAX);
    if (fitted) return fitted;
  }
  return '';
}
