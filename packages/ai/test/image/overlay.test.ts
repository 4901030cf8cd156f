import sharp from 'sharp';
import { renderOverlay } from '@lps/ai/image';

const photo = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#6699cc' } })[format]().toBuffer();

describe('renderOverlay', () => {
  it.each(['png', 'jpeg'] as const)('draws the hook over a %s: same size and format, different pixels', async (format) => {
    const source = await photo(format);
    const result = await renderOverlay(source, 'We cut our deploy time in half — über 中文 🚀');
    const meta = await sharp(result.data).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format, width: 900, height: 600 });
    expect(result.data.equals(source)).toBe(false);
    const [before, after] = await Promise.all([sharp(source).stats(), sharp(result.data).stats()]);
    expect(after.channels[0]?.mean).not.toBeCloseTo(before.channels[0]?.mean ?? 0, 1);
  });
});
