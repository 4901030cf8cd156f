/**
 * How many pixels an uploaded image has, read from its header as LinkedIn must
 * before it can refuse one: the Images API page allows JPG, GIF and PNG "under
 * 36,152,320 pixels". What LinkedIn does with a larger one is not on the page
 * (UNSURE): the fake accepts the upload and ends its processing PROCESSING_FAILED,
 * so a post naming it is refused and nothing is created.
 */
export const IMAGE_PIXEL_LIMIT = 36_152_320;

function jpegSize(bytes: Buffer): [number, number] | undefined {
  for (let offset = 2; offset + 9 < bytes.length;) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] as number;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return [bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5)];
    offset += 2 + length;
  }
  return undefined;
}

/** [width, height] of a PNG, GIF or JPEG; undefined for anything else. */
export function imageSize(bytes: Buffer): [number, number] | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 4) === 'GIF8') return [bytes.readUInt16LE(6), bytes.readUInt16LE(8)];
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return undefined;
}

/** Why LinkedIn's processing of this image fails, if it does. */
export function imageFailure(bytes: Buffer): string | undefined {
  const size = imageSize(bytes);
  if (!size) return 'not a JPG, GIF or PNG image';
  const [width, height] = size;
  return width * height >= IMAGE_PIXEL_LIMIT ? `${width}x${height} is ${width * height} pixels, over LinkedIn's limit of ${IMAGE_PIXEL_LIMIT}` : undefined;
}
