import { textPath } from '../text/layout.js';
import { altTextOf, frameOf, orDefault, svgDocument, type Design, type DesignInput } from './design.js';

const wordsOf = (input: DesignInput) => orDefault(input.scene?.trim() ? input.scene : input.hook, input.name);

/** Minimal gradient with soft shapes; the scene text (or the hook) centred in light type. */
export const gradientScene: Design = {
  name: 'gradient',
  describe(input) {
    const shows = wordsOf(input);
    return { shows, alt: altTextOf(`Soft colour gradient with the words “${shows}”, signed ${input.name}`) };
  },
  render(input, size) {
    const { palette } = input;
    const { m, landscape } = frameOf(size);
    const text = wordsOf(input);
    const nameHeight = landscape ? 32 : 40;
    const main = textPath(
      text,
      { x: m * 1.4, y: m, width: size.width - 2.8 * m, height: size.height - 2 * m - nameHeight * 2 },
      {
        weight: 'regular',
        maxSize: landscape ? 66 : 80,
        minSize: 28,
        lineHeight: 1.28,
        align: 'center',
        valign: 'middle',
      },
    );
    const name = textPath(
      input.name,
      { x: m, y: size.height - m - nameHeight, width: size.width - 2 * m, height: nameHeight },
      {
        weight: 'semibold',
        maxSize: nameHeight * 0.7,
        minSize: 16,
        maxLines: 1,
        align: 'center',
      },
    );
    const r = Math.round(Math.max(size.width, size.height) * 0.45);
    return svgDocument(
      size,
      `<linearGradient id="bg" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${palette.backgroundTo}"/><stop offset="1" stop-color="${palette.background}"/></linearGradient>` +
        `<radialGradient id="glow"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
      `<rect width="100%" height="100%" fill="url(#bg)"/>` +
        `<circle cx="${Math.round(size.width * 0.85)}" cy="${Math.round(size.height * 0.15)}" r="${r}" fill="url(#glow)"/>` +
        `<circle cx="${Math.round(size.width * 0.1)}" cy="${Math.round(size.height * 0.95)}" r="${Math.round(r * 0.7)}" fill="url(#glow)"/>` +
        `<path d="${main.d}" fill="${palette.text}"/><path d="${name.d}" fill="${palette.muted}"/>`,
    );
  },
};
