import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { BuiltinImageProvider, DESIGNS, IMAGE_SIZES, type ImageRequest } from '@lps/ai/image';

const member = { displayName: 'Zoë Müller', headline: 'Head of Platform', companyName: 'Acme' };
const INPUTS: Record<string, Pick<ImageRequest, 'body' | 'scene'>> = {
  short: { body: 'Ship small.', scene: 'sunset over a city' },
  long: {
    body: `${'Why every team that deploys more than once a day ends up rebuilding its release process from scratch, '.repeat(8)}\n\nPoint one.\nPoint two.`,
    scene: 'a long scene description '.repeat(15),
  },
  nonLatin: { body: 'Café déjà vu — über Qualität: 我们把部署时间缩短了一半 🚀👍🏽 ❤️\n\n第一，拆分测试。\nZweitens: Caches für Müller 🎉', scene: '中文 scène über 🌅' },
  emptyScene: { body: 'A hook line with no scene at all', scene: '' },
  empty: { body: '', scene: null },
};

const provider = new BuiltinImageProvider();

describe.each(Object.entries(INPUTS))('builtin designs with %s input', (_label, input) => {
  let candidates: Awaited<ReturnType<BuiltinImageProvider['generate']>>;
  beforeAll(async () => {
    candidates = await provider.generate({ ...input, idea: 'Deploy faster', member, seed: 7 });
  });

  it('renders every design at 1200×1200 and 1200×627 as decodable PNGs of that size', async () => {
    const images = candidates.filter((candidate) => candidate.kind === 'image');
    expect(images).toHaveLength(DESIGNS.length * IMAGE_SIZES.length);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect({ design: image.design, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        design: image.design,
        format: 'png',
        width: image.width,
        height: image.height,
      });
    }
    expect(new Set(images.map((image) => `${image.width}x${image.height}`))).toEqual(new Set(['1200x1200', '1200x627']));
  });

  it('renders designs that differ from one another', () => {
    const squares = candidates.filter((candidate) => candidate.kind === 'image' && candidate.height === 1200);
    expect(new Set(squares.map((square) => square.data.toString('base64'))).size).toBe(DESIGNS.length);
  });

  it("records with every image the words it shows and alt text that says them, within LinkedIn's 4086 characters (decision 0022)", () => {
    for (const image of candidates.filter((candidate) => candidate.kind === 'image')) {
      expect(image.showsText?.trim()).toBeTruthy();
      expect(image.altText).toContain(image.showsText?.slice(0, 200));
      expect((image.altText as string).length).toBeLessThanOrEqual(4086);
      // The gradient shows the scene when there is one; the others the hook (its first line), else a stand-in.
      if (image.design === 'gradient' && input.scene?.trim()) expect(image.showsText).toBe(input.scene.trim());
      else if (input.body) expect(image.showsText).toBe(input.body.split('\n')[0]?.trim());
    }
  });

  it('adds one PDF carousel of 1080×1350 slides: cover, points, closing', async () => {
    const documents = candidates.filter((candidate) => candidate.kind === 'document');
    expect(documents).toHaveLength(1);
    const pdf = await PDFDocument.load((documents[0] as { data: Buffer }).data);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 1080, height: 1350 });
  });
});

describe('glyph coverage', () => {
  it('draws é, ü, 中文 and emoji as outlines (more ink than the same card without them)', async () => {
    const render = async (body: string) => {
      const [first] = await provider.generate({ body, scene: null, idea: null, member, seed: 1 });
      const stats = await sharp((first as { data: Buffer }).data).stats();
      return stats.channels.map((channel) => channel.mean);
    };
    const plain = await render('Hello');
    for (const extra of ['é', 'ü', '中文', '🚀']) {
      expect(await render(`Hello ${extra}${extra}${extra}`)).not.toEqual(plain);
    }
  });
});
