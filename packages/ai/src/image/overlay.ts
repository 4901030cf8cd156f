import sharp, { type Sharp } from 'sharp';
import { openForeignImage } from './fit-image.js';
import { analyseLayout } from './quiet-bands.js';
import { textPath } from './text/layout.js';

export interface OverlayResult {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

/** More rows than this with sharp detail: a photograph, where no band is free of detail and the bottom is the convention. */
const PHOTO_BUSY_SHARE = 0.6;

/**
 * Where the hook goes: on a photograph, the lower half (a dark scrim rising from
 * the bottom keeps white text legible); on an image with text of its own (our
 * designs, a screenshot), the largest band free of it, so the overlay never
 * draws over the design's words.
 */
async function overlayArea(
  image: Sharp,
  width: number,
  height: number,
  margin: number,
): Promise<{ x: number; y: number; width: number; height: number; scrimTop: number; scrimHeight: number; fade: boolean }> {
  const layout = await analyseLayout(image, { width, height });
  const band = layout.quietBands[0];
  if (layout.busyShare > PHOTO_BUSY_SHARE || !band) {
    return {
      x: margin,
      y: Math.round(height * 0.52),
      width: width - 2 * margin,
      height: Math.round(height * 0.48) - margin,
      scrimTop: Math.round(height * 0.4),
      scrimHeight: Math.round(height * 0.6),
      fade: true,
    };
  }
  const pad = Math.min(Math.round(band.height * 0.12), margin);
  return { x: margin, y: band.top + pad, width: width - 2 * margin, height: band.height - 2 * pad, scrimTop: band.top, scrimHeight: band.height, fade: false };
}

/** LinkedIn shows a feed image at most 1200 px wide: an overlay is drawn at that size, whatever the source. */
export const OVERLAY_MAX_SIDE = 1200;

/**
 * Draws the hook over an image (select-image with use_overlay), in the place
 * `overlayArea` finds, on a copy at most OVERLAY_MAX_SIDE on its long side (a
 * 6,000-pixel original is not drawn and encoded at full size). The result keeps
 * the source's proportions and format; the source itself is never changed.
 */
export async function renderOverlay(source: Buffer | string, text: string): Promise<OverlayResult> {
  const image = openForeignImage(source);
  const meta = await image.metadata();
  const fullWidth = meta.autoOrient?.width ?? meta.width;
  const fullHeight = meta.autoOrient?.height ?? meta.height;
  if (!fullWidth || !fullHeight) throw new Error('image has no dimensions');
  const scale = Math.min(1, OVERLAY_MAX_SIDE / Math.max(fullWidth, fullHeight));
  const width = Math.max(1, Math.round(fullWidth * scale));
  const height = Math.max(1, Math.round(fullHeight * scale));
  const oriented = image.autoOrient();
  if (scale < 1) oriented.resize(width, height, { fit: 'fill' });
  // Decoded (and shrunk) once: the layout analysis and the drawing both start from these pixels.
  const { data: pixels, info } = await oriented.raw().toBuffer({ resolveWithObject: true });
  const decoded = () => sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const short = Math.min(width, height);
  const m = Math.round(short * 0.07);
  const area = await overlayArea(decoded(), width, height, m);
  const { d } = textPath(text, area, {
    weight: 'black',
    maxSize: Math.max(16, Math.round(short * 0.075)),
    // Small enough that a hook fits the narrow free band of a busy design (ellipsised beyond that).
    minSize: Math.max(10, Math.round(short * 0.022)),
    lineHeight: 1.15,
    valign: area.scrimTop >= height * 0.5 ? 'bottom' : 'middle',
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="${area.fade ? 0 : 0.55}"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/></linearGradient></defs>` +
    `<rect x="0" y="${area.scrimTop}" width="${width}" height="${area.scrimHeight}" fill="url(#scrim)"/>` +
    `<path d="${d}" fill="#ffffff"/></svg>`;
  const composed = decoded().composite([{ input: Buffer.from(svg), top: 0, left: 0 }]);
  const jpeg = meta.format === 'jpeg';
  const data = await (jpeg ? composed.jpeg({ quality: 90 }) : composed.png()).toBuffer();
  return { data, width, height, contentType: jpeg ? 'image/jpeg' : 'image/png', extension: jpeg ? 'jpg' : 'png' };
}
