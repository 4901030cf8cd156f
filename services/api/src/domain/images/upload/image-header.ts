import { imageSize } from 'image-size';
import { MAX_IMAGE_PIXELS } from '@lps/ai';

/** How far into an image its declared size is looked for: a JPEG's metadata segments come before it. */
const HEADER_LIMIT = 512 * 1024;

export class TooManyPixels extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`the image is ${width} × ${height} = ${(width * height).toLocaleString('en-US')} pixels; LinkedIn accepts at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')}`);
  }
}

/**
 * Reads the width and height an image's header declares (PNG IHDR, JPEG SOF) as
 * its bytes pass, without decoding anything, and stops the upload at once when
 * they exceed LinkedIn's pixel limit: a 750 KB file can declare a gigabyte of
 * pixels. A header not found in the first 512 kB lets the file through; the image
 * service's decoder has the same limit.
 */
export function createHeaderCheck(): (chunk: Buffer) => void {
  let seen: Buffer[] = [];
  let length = 0;
  return (chunk) => {
    if (length >= HEADER_LIMIT) return;
    seen.push(chunk);
    length += chunk.length;
    let size: { width: number; height: number };
    try {
      size = imageSize(Buffer.concat(seen, length));
    } catch {
      // Not all of the header has arrived yet (or it is broken: the decoder will say so).
      return;
    }
    seen = [];
    length = HEADER_LIMIT;
    if (size.width * size.height > MAX_IMAGE_PIXELS) throw new TooManyPixels(size.width, size.height);
  };
}
