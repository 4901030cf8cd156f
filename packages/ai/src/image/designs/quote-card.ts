import { textPath } from '../text/layout.js';
import { altTextOf, frameOf, orDefault, svgDocument, type Design, type DesignInput } from './design.js';

const quoteOf = (input: DesignInput) => orDefault(input.hook, input.scene ?? 'Ideas worth sharing');

/** A pull quote: the hook in large type under an oversized quotation mark, signed by the member. */
export const quoteCard: Design = {
  name: 'quote',
  describe(input) {
    const shows = quoteOf(input);
    return { shows, alt: altTextOf(`Quote card: “${shows}” — ${input.name}`) };
  },
  render(input, size) {
    const { palette } = input;
    const { m, landscape } = frameOf(size);
    const markSize = landscape ? 150 : 240;
    const mark = textPath('“', { x: m - 8, y: m - markSize * 0.1, width: markSize, height: markSize }, { weight: 'black', maxSize: markSize, minSize: markSize });
    const signatureHeight = landscape ? 40 : 52;
    const top = m + markSize * 0.55;
    const quote = textPath(
      quoteOf(input),
      { x: m, y: top, width: size.width - 2 * m, height: size.height - top - m - signatureHeight * 2 },
      { weight: 'semibold', maxSize: landscape ? 64 : 84, minSize: 30, lineHeight: 1.22, valign: 'middle' },
    );
    const signature = textPath(
      `— ${input.name}`,
      { x: m, y: size.height - m - signatureHeight, width: size.width - 2 * m, height: signatureHeight },
      {
        weight: 'regular',
        maxSize: signatureHeight * 0.75,
        minSize: 18,
        maxLines: 1,
      },
    );
    return svgDocument(
      size,
      `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.background}"/><stop offset="1" stop-color="${palette.backgroundTo}"/></linearGradient>`,
      `<rect width="100%" height="100%" fill="url(#bg)"/>` +
        `<rect x="${m}" y="${size.height - m - signatureHeight - 28}" width="${Math.round(size.width * 0.12)}" height="6" rx="3" fill="${palette.accent}"/>` +
        `<path d="${mark.d}" fill="${palette.accent}"/><path d="${quote.d}" fill="${palette.text}"/><path d="${signature.d}" fill="${palette.muted}"/>`,
    );
  },
};
