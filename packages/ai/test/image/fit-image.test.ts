import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { fitImageFile, imageSizeOf } from '@lps/ai/image/fit';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lps-fit-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('fitImageFile (upload variants, file to file)', () => {
  it('fits a JPEG to an exact PNG size and reads the displayed size from the header, EXIF orientation applied', async () => {
    const source = join(dir, 'portrait.jpg');
    // Stored 900×600 but tagged "rotate 90°": it is shown as 600×900.
    await writeFile(
      source,
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    expect(await imageSizeOf(source)).toEqual({ width: 600, height: 900 });
    const target = join(dir, 'fitted.png');
    await fitImageFile(source, { width: 1200, height: 627 }, target);
    const meta = await sharp(target).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 627]);
  });

  it('rejects an image whose header is valid but whose pixels are garbage', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const source = join(dir, 'broken.png');
    await writeFile(source, Buffer.concat([png.subarray(0, 40), Buffer.alloc(4000, 7)]));
    await expect(fitImageFile(source, { width: 1200, height: 1200 }, join(dir, 'never.png'))).rejects.toThrow();
  });
});
