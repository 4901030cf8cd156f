import { FEED_FONT } from './linkedin-figures.js';
import type { Measure } from './line-layout.js';

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width of text in the feed's font, from the browser's own text shaping (a canvas that is
 * never drawn): the same fonts and the same fallbacks as the page, without laying anything out.
 * Widths are remembered per text for the page's life, so typing re-measures only what changed.
 */
const widths = new Map<string, number>();

export const measureFeedText: Measure = (text) => {
  const known = widths.get(text);
  if (known !== undefined) return known;
  if (context === undefined) {
    context = document.createElement('canvas').getContext('2d');
    if (context) context.font = FEED_FONT;
  }
  // Without a canvas (never in a browser the dashboard supports) a line holds about 7 px per character.
  const width = context ? context.measureText(text).width : text.length * 7;
  if (widths.size > 20_000) widths.clear();
  widths.set(text, width);
  return width;
};
