import { fontFor, type Weight } from './font-set.js';
import { splitToken, tokenize, type Token } from './shape.js';

export interface TextStyle {
  weight: Weight;
  /** Largest and smallest font size tried, in pixels. */
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight?: number;
  maxLines?: number;
}

export interface TextBlock {
  lines: Token[][];
  size: number;
  lineHeight: number;
  weight: Weight;
  /** Height the lines take, in pixels. */
  height: number;
  lineWidths: number[];
}

const lineEm = (line: Token[]) => line.reduce((sum, token) => sum + token.em, 0);

function wrap(tokens: Token[], maxEm: number, weight: Weight): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let width = 0;
  const queue = [...tokens];
  while (queue.length > 0) {
    const token = queue.shift() as Token;
    if (token.space && line.length === 0) continue;
    if (!token.space && token.em > maxEm && token.pieces.some((piece) => [...piece.text].length > 1)) {
      queue.unshift(...splitToken(token, weight));
      continue;
    }
    if (width + token.em > maxEm && line.length > 0 && !token.space) {
      lines.push(line);
      line = [];
      width = 0;
    }
    line.push(token);
    width += token.em;
  }
  if (line.length > 0) lines.push(line);
  return lines.map((entry) => (entry[entry.length - 1]?.space ? entry.slice(0, -1) : entry));
}

function ellipsize(lines: Token[][], maxLines: number, maxEm: number, weight: Weight): Token[][] {
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = [...(kept[maxLines - 1] ?? [])];
  const [dots] = tokenize('…', weight);
  while (last.length > 0 && lineEm(last) + (dots?.em ?? 0) > maxEm) last.pop();
  while (last.length > 0 && last[last.length - 1]?.space) last.pop();
  if (dots) last.push(dots);
  kept[maxLines - 1] = last;
  return kept;
}

/**
 * Fits text into a box: the largest size (stepping down from maxSize) at which
 * the wrapped lines fit both the width and the height; below minSize the last
 * line ends in an ellipsis. Wrapping uses the fonts' real advance widths.
 */
export function fitText(text: string, box: { width: number; height: number }, style: TextStyle): TextBlock {
  const lineHeight = style.lineHeight ?? 1.2;
  const tokens = tokenize(text, style.weight);
  let size = style.maxSize;
  for (;;) {
    const maxEm = box.width / size;
    const wrapped = wrap(tokens, maxEm, style.weight);
    const byHeight = Math.max(1, Math.floor((box.height / size - 1) / lineHeight) + 1);
    const maxLines = Math.min(style.maxLines ?? Number.POSITIVE_INFINITY, byHeight);
    if (wrapped.length <= maxLines || size <= style.minSize) {
      const lines = ellipsize(wrapped, maxLines, maxEm, style.weight);
      return {
        lines,
        size,
        lineHeight,
        weight: style.weight,
        height: lines.length === 0 ? 0 : size * (1 + (lines.length - 1) * lineHeight),
        lineWidths: lines.map((line) => lineEm(line) * size),
      };
    }
    size = Math.max(style.minSize, Math.floor(size * 0.92));
  }
}

export type Align = 'left' | 'center';

/**
 * The block as one SVG path (y down), its top-left at (x, y). Text drawn as
 * outlines renders the same in sharp and in the PDF, with no font lookup at all.
 */
export function blockToPath(block: TextBlock, at: { x: number; y: number; width: number; align?: Align }): string {
  const parts: string[] = [];
  const capOffset = block.size * 0.78;
  block.lines.forEach((line, index) => {
    const lineWidth = block.lineWidths[index] ?? 0;
    let penX = at.x + (at.align === 'center' ? (at.width - lineWidth) / 2 : 0);
    const baseline = at.y + capOffset + index * block.size * block.lineHeight;
    for (const token of line) {
      for (const piece of token.pieces) {
        const font = fontFor(piece.script, block.weight);
        const scale = block.size / font.unitsPerEm;
        const run = font.layout(piece.text);
        run.glyphs.forEach((glyph, glyphIndex) => {
          const position = run.positions[glyphIndex];
          if (glyph.id !== 0 && position) {
            const x = penX + position.xOffset * scale;
            const path = glyph.path
              .scale(scale, -scale)
              .translate(x, baseline - position.yOffset * scale)
              .toSVG();
            if (path) parts.push(path);
          }
          penX += (position?.xAdvance ?? 0) * scale;
        });
      }
    }
  });
  return parts.join('');
}

/** Fits and draws in one call: the usual case for a design. */
export function textPath(
  text: string,
  box: { x: number; y: number; width: number; height: number },
  style: TextStyle & { align?: Align; valign?: 'top' | 'middle' | 'bottom' },
): { d: string; block: TextBlock } {
  const block = fitText(text, box, style);
  const free = box.height - block.height;
  const y = box.y + (style.valign === 'middle' ? free / 2 : style.valign === 'bottom' ? free : 0);
  return { d: blockToPath(block, { x: box.x, y, width: box.width, align: style.align }), block };
}
