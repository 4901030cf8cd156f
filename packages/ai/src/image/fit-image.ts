import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './image-provider.js';

type Size = { width: number; height: number };

/**
 * Every image we did not draw ourselves is opened through here: libvips refuses
 * to decode more than LinkedIn's pixel limit, whatever the file's size.
 */
export const openForeignImage = (source: Buffer | string) => sharp(source, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });

// Cropping around the centre is cheap: no saliency pass over a full-size image.
const fitting = (source: Buffer | string, size: Size) => openForeignImage(source).autoOrient().resize(size.width, size.height, { fit: 'cover', position: 'centre' }).png();

/** Fits any image to an exact size as a PNG. */
export const fitImage = (source: Buffer, size: Size): Promise<Buffer> => fitting(source, size).toBuffer();

/**
 * The same fit from one file to another: libvips decodes the source in strips
 * while it encodes, so neither image is ever held whole in memory (upload
 * variants in the API). Rejects when the source does not decode completely.
 */
export async function fitImageFile(sourcePath: string, size: Size, targetPath: string): Promise<void> {
  await fitting(sourcePath, size).toFile(targetPath);
}

/** Width and height as displayed (EXIF orientation applied), read from the header only. */
export async function imageSizeOf(path: string): Promise<Size> {
  // The header only: metadata() does not decode pixels, so it is safe before the pixel check.
  const meta = await sharp(path, { limitInputPixels: false }).metadata();
  return { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}

/**
 * Writes the image at `sourcePath` to `targetPath` without its metadata (EXIF
 * with the camera's location, XMP, IPTC, PNG text), with the EXIF orientation
 * applied to the pixels and the colour profile kept. Returns false, writing
 * nothing, when there is no such metadata (a screenshot, our own renders): those
 * are kept byte for byte.
 */
export async function stripMetadata(sourcePath: string, targetPath: string): Promise<boolean> {
  const meta = await sharp(sourcePath, { limitInputPixels: false }).metadata();
  if (!meta.exif && !meta.xmp && !meta.iptc && !(meta.comments?.length ?? 0)) return false;
  const image = openForeignImage(sourcePath).autoOrient().keepIccProfile();
  await (meta.format === 'jpeg' ? image.jpeg({ quality: 92, mozjpeg: true }) : image.png()).toFile(targetPath);
  return true;
}

/** Turns off libvips' operation cache, for processes that never decode the same input twice (the API's uploads). */
export const disableImageCache = (): void => void sharp.cache(false);
