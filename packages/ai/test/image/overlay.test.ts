import sharp from 'sharp';
import { BuiltinImageProvider, renderOverlay } from '@lps/ai/image';

const photo = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#6699cc' } })
    [format]()
    .toBuffer();

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

describe('renderOverlay on the builtin designs', () => {
  const member = { displayName: 'Zoë Müller', headline: 'Head of Platform', companyName: 'Acme' };
  const hooks = {
    short: 'Ship small.',
    long: 'Why every team that deploys more than once a day ends up rebuilding its release process from scratch',
  };

  /** Rows (in source pixels) where the two images differ visibly. */
  async function changedRows(before: Buffer, after: Buffer, width: number, height: number): Promise<number[]> {
    const [a, b] = await Promise.all([before, after].map((image) => sharp(image).greyscale().raw().toBuffer()));
    const rows: number[] = [];
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (Math.abs((a?.[y * width + x] ?? 0) - (b?.[y * width + x] ?? 0)) > 8) {
          rows.push(y);
          break;
        }
      }
    }
    return rows;
  }

  /** Rows through the design's own text, at full resolution: more sharp steps than the edges of a rule or frame. */
  async function textRows(image: Buffer, width: number, height: number): Promise<Set<number>> {
    const grey = await sharp(image).greyscale().raw().toBuffer();
    const rows = new Set<number>();
    for (let y = 0; y < height; y += 1) {
      let steps = 0;
      for (let x = 1; x < width; x += 1) if (Math.abs((grey[y * width + x] ?? 0) - (grey[y * width + x - 1] ?? 0)) > 40) steps += 1;
      if (steps > 4) rows.add(y);
    }
    return rows;
  }

  it.each(Object.entries(hooks))('never draws over a design’s own text (%s hook), at every size', async (_label, hook) => {
    const candidates = (await new BuiltinImageProvider().generate({ body: `${hook}\n\nMore text.`, idea: 'Deploy faster', scene: null, member, seed: 11 })).filter(
      (candidate) => candidate.kind === 'image',
    );
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) {
      const result = await renderOverlay(candidate.data, hook);
      const changed = await changedRows(candidate.data, result.data, candidate.width, candidate.height);
      const detail = await textRows(candidate.data, candidate.width, candidate.height);
      const collisions = changed.filter((row) => detail.has(row));
      expect([`${candidate.design} ${candidate.width}×${candidate.height}`, collisions.length]).toEqual([`${candidate.design} ${candidate.width}×${candidate.height}`, 0]);
      // …and the hook is there: a visible share of the image changed.
      expect(changed.length).toBeGreaterThan(candidate.height * 0.04);
    }
  });
});
