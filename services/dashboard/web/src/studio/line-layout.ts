/**
 * Lays a post's text out in lines at a given column width, as a browser does with
 * `white-space: pre-wrap; overflow-wrap: break-word` (how LinkedIn's feed shows post text): a
 * line break as written ends a line; otherwise a line ends at the last opportunity that still
 * fits — after spaces (which hang at the end of the line), after a hyphen inside a word, around
 * CJK characters and emoji — and a word wider than the whole column is cut between characters.
 * Pure: the width of a piece of text comes from `measure` (the canvas in the page, a fixed width
 * per character in unit tests), so the same text at the same width gives the same lines.
 */

export interface LaidOutLine {
  /** The line's characters as written (trailing spaces included; '' for a blank line). */
  text: string;
  /** It ends where the writer broke the line (or at the end), not where the column was full. */
  endsParagraph: boolean;
}

export type Measure = (text: string) => number;

export interface Fold {
  lines: number;
  lines_when_third_is_blank: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const SPACE = /^[ \t\u00a0\u3000]+$/u;
const ZERO_WIDTH_SPACE = '\u200b';
// Scripts written without spaces, and emoji: a line may break before or after each (UAX #14 ID, H2/H3).
const BREAKS_AROUND = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/u;
// Closing punctuation never starts a line (UAX #14 CL, CP, EX, IS).
const NO_BREAK_BEFORE = /^[)\]}、。，．：；！？）」』】〕〉》〙〗｝］’”!?,.:;]/u;
const LETTER = /\p{L}/u;
const ALNUM = /[\p{L}\p{N}]/u;
const HYPHENS = new Set(['-', '\u2010']);

/** May a line end between `before` and `after` (two neighbouring graphemes)? */
function breakBetween(before: string, after: string, beforeThat: string | undefined): boolean {
  if (NO_BREAK_BEFORE.test(after)) return false;
  if (SPACE.test(after)) return false; // spaces stay with the line they end
  if (SPACE.test(before) || before === ZERO_WIDTH_SPACE) return true;
  if (HYPHENS.has(before)) return beforeThat !== undefined && ALNUM.test(beforeThat) && LETTER.test(after);
  return BREAKS_AROUND.test(before) || BREAKS_AROUND.test(after);
}

/** A paragraph cut into the pieces between two break opportunities, each ending with the spaces that follow it. */
function pieces(paragraph: string): string[] {
  const chars = Array.from(graphemes.segment(paragraph), (segment) => segment.segment);
  const out: string[] = [];
  let current = '';
  chars.forEach((char, index) => {
    current += char;
    const next = chars[index + 1];
    if (next !== undefined && breakBetween(char, next, chars[index - 1])) {
      out.push(current);
      current = '';
    }
  });
  if (current) out.push(current);
  return out;
}

/** Trailing spaces hang past the column's edge (pre-wrap): they never push a line over. */
const visible = (text: string): string => text.replace(/[ \t\u00a0\u3000]+$/u, '');

export function layoutLines(text: string, widthPx: number, measure: Measure): LaidOutLine[] {
  const lines: LaidOutLine[] = [];
  const fits = (candidate: string) => measure(visible(candidate)) <= widthPx;
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const piece of pieces(paragraph)) {
      if (fits(line + piece)) {
        line += piece;
        continue;
      }
      if (line) lines.push({ text: line, endsParagraph: false });
      line = '';
      if (fits(piece)) {
        line = piece;
        continue;
      }
      // Wider than the column on its own: cut between characters (overflow-wrap: break-word).
      for (const { segment } of graphemes.segment(piece)) {
        if (line && !fits(line + segment)) {
          lines.push({ text: line, endsParagraph: false });
          line = '';
        }
        line += segment;
      }
    }
    lines.push({ text: line, endsParagraph: true });
  }
  return lines;
}

/**
 * How many lines show before "…see more": `fold.lines`, or `fold.lines_when_third_is_blank` when
 * that last line would be blank; null when the whole text fits and no fold shows.
 */
export function linesBeforeFold(lines: readonly LaidOutLine[], fold: Fold): number | null {
  if (lines.length <= fold.lines) return null;
  const last = lines[fold.lines - 1];
  return last !== undefined && last.text.trim() === '' ? fold.lines_when_third_is_blank : fold.lines;
}
