import type { LaidOutLine } from './line-layout.js';

/** A piece of a rendered line: plain text, or a hashtag or mention LinkedIn shows as a link. */
export interface LinePiece {
  text: string;
  kind: 'text' | 'hashtag' | 'mention';
}

interface Range {
  start: number;
  end: number;
  kind: 'hashtag' | 'mention';
}

const WORD = /[\p{L}\p{M}\p{N}]/u;

/**
 * Where the preview's hashtags and mentions stand in its `text`, each found after the one before
 * it (both lists are in the text's order). A hashtag is matched only as a whole word — `#ai` in
 * `#aid` is not it — so plain text that merely contains the same letters stays plain.
 */
export function highlightRanges(text: string, hashtags: readonly string[], mentions: readonly string[]): Range[] {
  const ranges: Range[] = [];
  let from = 0;
  for (const tag of hashtags) {
    let at = text.indexOf(tag, from);
    while (at >= 0 && WORD.test(text[at + tag.length] ?? '')) at = text.indexOf(tag, at + 1);
    if (at < 0) break;
    ranges.push({ start: at, end: at + tag.length, kind: 'hashtag' });
    from = at + tag.length;
  }
  from = 0;
  for (const name of mentions) {
    if (!name) continue;
    const at = text.indexOf(name, from);
    if (at < 0) break;
    if (!ranges.some((range) => at < range.end && range.start < at + name.length)) ranges.push({ start: at, end: at + name.length, kind: 'mention' });
    from = at + name.length;
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** Each laid-out line cut into its plain and highlighted pieces (a tag that wraps is highlighted on both lines). */
export function piecesOfLines(lines: readonly LaidOutLine[], ranges: readonly Range[]): LinePiece[][] {
  let offset = 0;
  return lines.map((line) => {
    const start = offset;
    const end = start + line.text.length;
    offset = end + (line.endsParagraph ? 1 : 0);
    const pieces: LinePiece[] = [];
    let at = start;
    for (const range of ranges) {
      if (range.end <= at || range.start >= end) continue;
      const from = Math.max(range.start, at);
      if (from > at) pieces.push({ text: line.text.slice(at - start, from - start), kind: 'text' });
      const to = Math.min(range.end, end);
      pieces.push({ text: line.text.slice(from - start, to - start), kind: range.kind });
      at = to;
    }
    if (at < end) pieces.push({ text: line.text.slice(at - start), kind: 'text' });
    return pieces;
  });
}
