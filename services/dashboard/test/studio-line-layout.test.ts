import { highlightRanges, piecesOfLines } from '../web/src/studio/highlights.js';
import { layoutLines, linesBeforeFold, type LaidOutLine } from '../web/src/studio/line-layout.js';

// The editor's preview lays a post out in lines at LinkedIn's column widths and cuts it at the
// "…see more" fold. In the page the widths come from the browser's canvas; here every grapheme is
// 10 px wide, so each case can be worked out by hand. The browser test checks the same layout
// against Chromium's own wrapping of the same text.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const tenEach = (text: string) => [...graphemes.segment(text)].length * 10;
const texts = (lines: LaidOutLine[]) => lines.map((line) => line.text);
/** The text back from its lines: a line the writer ended gives back its line break. */
const joined = (lines: LaidOutLine[]) => lines.map((line, index) => line.text + (line.endsParagraph && index < lines.length - 1 ? '\n' : '')).join('');
const FOLD = { lines: 3, lines_when_third_is_blank: 2 };

describe('laying a post out in lines', () => {
  test('fills each line up to the width, ending it after the last space that fits (the space hangs)', () => {
    expect(texts(layoutLines('aaa bbb ccc', 70, tenEach))).toEqual(['aaa bbb ', 'ccc']);
    expect(texts(layoutLines('aaa bbb ccc', 69, tenEach))).toEqual(['aaa ', 'bbb ', 'ccc']);
    // Trailing spaces never push a line over: "aaa    " is 3 graphemes wide as far as the edge is concerned.
    expect(texts(layoutLines('aaa     bbb', 30, tenEach))).toEqual(['aaa     ', 'bbb']);
  });

  test('keeps the writer’s line breaks and blank lines, and gives the text back whole', () => {
    const text = 'First line\n\nThird after a blank\nlast';
    const lines = layoutLines(text, 1000, tenEach);
    expect(texts(lines)).toEqual(['First line', '', 'Third after a blank', 'last']);
    expect(lines.map((line) => line.endsParagraph)).toEqual([true, true, true, true]);
    expect(joined(lines)).toBe(text);
  });

  test('cuts a word wider than the column between characters, never inside an emoji sequence', () => {
    expect(texts(layoutLines('abcdefghij', 40, tenEach))).toEqual(['abcd', 'efgh', 'ij']);
    const family = '👩‍👩‍👧‍👦';
    expect(texts(layoutLines(`${family}${family}${family}`, 20, tenEach))).toEqual([`${family}${family}`, family]);
    const url = 'https://example.com/a/very/long/path';
    expect(joined(layoutLines(url, 100, tenEach))).toBe(url);
  });

  test('breaks after a hyphen inside a word, not before a number', () => {
    expect(texts(layoutLines('well-known', 60, tenEach))).toEqual(['well-', 'known']);
    expect(texts(layoutLines('ab -5 cd', 40, tenEach))).toEqual(['ab ', '-5 ', 'cd']);
  });

  test('breaks between CJK characters but never puts closing punctuation first on a line', () => {
    expect(texts(layoutLines('日本語の文章です。', 80, tenEach))).toEqual(['日本語の文章で', 'す。']);
  });

  test('every line but one holding a single character fits, and the lines give the text back, for many texts and widths', () => {
    const words = ['LinkedIn', 'fold', '#hashtag', 'a', 'well-known', '😀', '日本語', 'https://lps.example/x?y=1', '  ', 'C#', 'ZWJ👩‍💻', 'end.'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 300; round += 1) {
      const parts: string[] = [];
      const count = 1 + Math.floor(random() * 40);
      for (let index = 0; index < count; index += 1) parts.push(words[Math.floor(random() * words.length)] as string, random() < 0.15 ? '\n' : ' ');
      const text = parts.join('');
      const width = 30 + Math.floor(random() * 300);
      const lines = layoutLines(text, width, tenEach);
      expect(joined(lines)).toBe(text);
      for (const line of lines) {
        const visible = line.text.replace(/[ \t\u00a0\u3000]+$/u, '');
        if ([...graphemes.segment(visible)].length > 1) expect(tenEach(visible)).toBeLessThanOrEqual(width);
      }
    }
  });
});

describe('where the fold falls', () => {
  const lines = (...texts: string[]) => texts.map((text) => ({ text, endsParagraph: true }));

  test('no fold while the text fits in the fold’s lines', () => {
    expect(linesBeforeFold(lines('a', 'b', 'c'), FOLD)).toBeNull();
    expect(linesBeforeFold(lines('a'), FOLD)).toBeNull();
  });

  test('after line 3, or after line 2 when line 3 is blank', () => {
    expect(linesBeforeFold(lines('a', 'b', 'c', 'd'), FOLD)).toBe(3);
    expect(linesBeforeFold(lines('a', 'b', '', 'd'), FOLD)).toBe(2);
    expect(linesBeforeFold(lines('a', '', 'c', 'd'), FOLD)).toBe(3);
  });

  test('moves up a line when a line is added above it', () => {
    const before = layoutLines('one\ntwo\nthree\nfour', 1000, tenEach);
    const after = layoutLines('zero\none\ntwo\nthree\nfour', 1000, tenEach);
    expect(texts(before).slice(0, linesBeforeFold(before, FOLD) ?? 0)).toEqual(['one', 'two', 'three']);
    expect(texts(after).slice(0, linesBeforeFold(after, FOLD) ?? 0)).toEqual(['zero', 'one', 'two']);
  });
});

describe('hashtags and mentions in the laid-out lines', () => {
  test('are found in order as whole words, also when a tag wraps onto the next line', () => {
    const text = 'Learn #ai and #aid with Ada Lovelace #ai';
    const ranges = highlightRanges(text, ['#ai', '#aid', '#ai'], ['Ada Lovelace']);
    expect(ranges.map((range) => [range.start, text.slice(range.start, range.end)])).toEqual([
      [6, '#ai'],
      [14, '#aid'],
      [24, 'Ada Lovelace'],
      [37, '#ai'],
    ]);
    const lines = layoutLines(text, 100, tenEach);
    const pieces = piecesOfLines(lines, ranges);
    expect(
      pieces
        .flat()
        .filter((piece) => piece.kind !== 'text')
        .map((piece) => piece.text),
    ).toEqual(['#ai', '#aid', 'Ada ', 'Lovelace', '#ai']);
    expect(pieces.map((line) => line.map((piece) => piece.text).join(''))).toEqual(texts(lines));
  });
});
