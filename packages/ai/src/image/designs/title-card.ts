import { textPath } from '../text/layout.js';
import { altTextOf, frameOf, orDefault, svgDocument, type Design, type DesignInput } from './design.js';

const titleOf = (input: DesignInput) => orDefault(input.hook, input.scene ?? 'Start here');
const kickerOf = (input: DesignInput) => (input.headline ?? input.name).toUpperCase();

/** Bold headline card: the hook in heavy type on a bright field, with a thick rule and a kicker line. */
export const titleCard: Design = {
  name: 'title',
  describe(input) {
    const shows = titleOf(input);
    return { shows, alt: altTextOf(`Title card: “${shows}”, under the line “${kickerOf(input)}”`) };
  },
  render(input, size) {
    const { palette } = input;
    const { m, landscape } = frameOf(size);
    const kickerHeight = landscape ? 34 : 44;
    const kicker = textPath(
      kickerOf(input),
      { x: m, y: m, width: size.width - 2 * m, height: kickerHeight },
      {
        weight: 'semibold',
        maxSize: kickerHeight * 0.7,
        minSize: 16,
        maxLines: 1,
      },
    );
    const ruleY = size.height - m - 18;
    const title = textPath(
      titleOf(input),
      { x: m, y: m + kickerHeight + m * 0.6, width: size.width - 2 * m, height: ruleY - (m + kickerHeight + m * 0.6) - m * 0.6 },
      { weight: 'black', maxSize: landscape ? 86 : 120, minSize: 34, lineHeight: 1.08, valign: 'bottom' },
    );
    return svgDocument(
      size,
      '',
      `<rect width="100%" height="100%" fill="${palette.accent}"/>` +
        `<circle cx="${size.width - m}" cy="${m}" r="${Math.round(size.height * 0.22)}" fill="${palette.background}" opacity="0.08"/>` +
        `<path d="${kicker.d}" fill="${palette.background}" opacity="0.8"/><path d="${title.d}" fill="${palette.background}"/>` +
        `<rect x="${m}" y="${ruleY}" width="${Math.round(size.width * 0.3)}" height="18" fill="${palette.background}"/>`,
    );
  },
};
