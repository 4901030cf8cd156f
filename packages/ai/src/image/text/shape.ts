import { fontFor, scriptFor, type Script, type Weight } from './font-set.js';

/** A run of graphemes drawn with one font. */
export interface Piece {
  script: Script;
  text: string;
}

/** An unbreakable unit of text (a word, one CJK character, or a space) split into font runs. */
export interface Token {
  pieces: Piece[];
  space: boolean;
  /** Width at font size 1. */
  em: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const BREAK_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Extended_Pictographic}]/u;
const widths = new Map<string, number>();

/** Advance width of a run at size 1 (memoised: designs try many sizes while fitting). */
export function pieceEm(piece: Piece, weight: Weight): number {
  const key = `${piece.script}|${weight}|${piece.text}`;
  let em = widths.get(key);
  if (em === undefined) {
    const font = fontFor(piece.script, weight);
    em = font.layout(piece.text).advanceWidth / font.unitsPerEm;
    if (widths.size > 50_000) widths.clear();
    widths.set(key, em);
  }
  return em;
}

function toToken(parts: Array<{ script: Script; grapheme: string }>, weight: Weight, space = false): Token {
  const pieces: Piece[] = [];
  for (const part of parts) {
    const last = pieces[pieces.length - 1];
    if (last && last.script === part.script) last.text += part.grapheme;
    else pieces.push({ script: part.script, text: part.grapheme });
  }
  return { pieces, space, em: pieces.reduce((sum, piece) => sum + pieceEm(piece, weight), 0) };
}

/**
 * Splits text into tokens, picking a packaged font per grapheme. Graphemes no
 * packaged font covers are dropped, so a render never shows a missing-glyph box.
 */
export function tokenize(text: string, weight: Weight): Token[] {
  const tokens: Token[] = [];
  let word: Array<{ script: Script; grapheme: string }> = [];
  const flush = () => {
    if (word.length > 0) tokens.push(toToken(word, weight));
    word = [];
  };
  for (const { segment } of graphemes.segment(text.replace(/\s+/g, ' ').trim())) {
    if (segment === ' ') {
      flush();
      tokens.push(toToken([{ script: 'latin', grapheme: ' ' }], weight, true));
      continue;
    }
    const script = scriptFor(segment, weight);
    if (!script) continue;
    if (BREAK_ANYWHERE.test(segment)) {
      flush();
      tokens.push(toToken([{ script, grapheme: segment }], weight));
    } else {
      word.push({ script, grapheme: segment });
    }
  }
  flush();
  return tokens;
}

/** Splits a token that is wider than a line into grapheme-sized tokens. */
export function splitToken(token: Token, weight: Weight): Token[] {
  return token.pieces.flatMap((piece) => [...graphemes.segment(piece.text)].map(({ segment }) => toToken([{ script: piece.script, grapheme: segment }], weight)));
}
