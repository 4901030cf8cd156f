import { textPath } from '../text/layout.js';
import { altTextOf, frameOf, orDefault, svgDocument, type Design, type DesignInput } from './design.js';

const hookOf = (input: DesignInput) => orDefault(input.hook, input.scene ?? input.name);

/** Light card with the hook and a dark footer band carrying the member's initials, name and headline. */
export const brandedFooter: Design = {
  name: 'branded',
  describe(input) {
    const shows = hookOf(input);
    const footer = [input.name, input.headline].filter(Boolean).join(', ');
    return { shows, alt: altTextOf(`Card reading “${shows}”, with a footer naming ${footer}`) };
  },
  render(input, size) {
    const { palette } = input;
    const { m, landscape } = frameOf(size);
    const footer = Math.round(size.height * (landscape ? 0.24 : 0.17));
    const footerTop = size.height - footer;
    const hook = textPath(
      hookOf(input),
      { x: m + 24, y: m, width: size.width - 2 * m - 24, height: footerTop - 2 * m },
      {
        weight: 'semibold',
        maxSize: landscape ? 62 : 78,
        minSize: 28,
        lineHeight: 1.2,
        valign: 'middle',
      },
    );
    const disc = Math.round(footer * 0.56);
    const discX = m + disc / 2;
    const discY = footerTop + footer / 2;
    const initials = textPath(
      input.initials || '·',
      { x: discX - disc / 2, y: discY - disc * 0.2, width: disc, height: disc * 0.4 },
      {
        weight: 'black',
        maxSize: disc * 0.38,
        minSize: 10,
        maxLines: 1,
        align: 'center',
      },
    );
    const textX = m + disc + 28;
    const nameHeight = footer * 0.22;
    const name = textPath(
      input.name,
      { x: textX, y: discY - nameHeight - 4, width: size.width - textX - m, height: nameHeight },
      {
        weight: 'semibold',
        maxSize: nameHeight,
        minSize: 14,
        maxLines: 1,
      },
    );
    const headline = textPath(
      input.headline ?? '',
      { x: textX, y: discY + 12, width: size.width - textX - m, height: nameHeight * 0.8 },
      {
        weight: 'regular',
        maxSize: nameHeight * 0.78,
        minSize: 12,
        maxLines: 1,
      },
    );
    const bar = `<rect x="${m}" y="${m + hook.block.height * 0.0}" width="8" height="${footerTop - 2 * m}" rx="4" fill="${palette.accent}"/>`;
    return svgDocument(
      size,
      '',
      `<rect width="100%" height="100%" fill="#f8fafc"/>${bar}<path d="${hook.d}" fill="#0f172a"/>` +
        `<rect x="0" y="${footerTop}" width="${size.width}" height="${footer}" fill="${palette.background}"/>` +
        `<circle cx="${discX}" cy="${discY}" r="${disc / 2}" fill="${palette.accent}"/><path d="${initials.d}" fill="${palette.background}"/>` +
        `<path d="${name.d}" fill="${palette.text}"/><path d="${headline.d}" fill="${palette.muted}"/>`,
    );
  },
};
