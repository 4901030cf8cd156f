import { openForeignImage } from './fit-image.js';
import { textPath } from './text/layout.js';

export interface OverlayResult {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

/**
 * Draws the hook over an image (select-image with use_overlay): a dark scrim
 * rising from the bottom keeps white text legible on any picture. The result
 * has the source's size and format; the source itself is never changed.
 */
export async function renderOverlay(source: Buffer, text: string): Promise<OverlayResult> {
  const image = openForeignImage(source);
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('image has no dimensions');
  const m = Math.round(Math.min(width, height) * 0.07);
  const area = { x: m, y: Math.round(height * 0.52), width: width - 2 * m, height: Math.round(height * 0.48) - m };
  const { d } = textPath(text, area, {
    weight: 'black',
    maxSize: Math.max(16, Math.round(Math.min(width, height) * 0.075)),
    minSize: Math.max(10, Math.round(Math.min(width, height) * 0.03)),
    lineHeight: 1.15,
    valign: 'bottom',
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/></linearGradient></defs>` +
    `<rect x="0" y="${Math.round(height * 0.4)}" width="${width}" height="${Math.round(height * 0.6)}" fill="url(#scrim)"/>` +
    `<path d="${d}" fill="#ffffff"/></svg>`;
  const composed = image.autoOrient().composite([{ input: Buffer.from(svg), top: 0, left: 0 }]);
  const jpeg = meta.format === 'jpeg';
  const data = await (jpeg ? composed.jpeg({ quality: 90 }) : composed.png()).toBuffer();
  return { data, width, height, contentType: jpeg ? 'image/jpeg' : 'image/png', extension: jpeg ? 'jpg' : 'png' };
}
