import type { Sharp } from 'sharp';

export interface Band {
  /** Top and height in the source image's pixels. */
  top: number;
  height: number;
}

export interface ImageLayout {
  /** Horizontal bands with no text in them, largest first. */
  quietBands: Band[];
  /** Share of rows with text-like detail: near 1 for a photograph, low for a flat design. */
  busyShare: number;
}

/** Width the image is analysed at: text of 28 px at 1200 px is still a few pixels tall here. */
const ANALYSIS_WIDTH = 240;
/** A neighbouring-pixel step of more than this (of 255) is an edge: glyphs and shapes, never a gradient. */
const EDGE_STEP = 24;
/** Sharp steps in a row that mean text runs through it. */
const MIN_EDGES_OF_TEXT = 6;
/** Rows around detail kept clear, as a share of the height: overlay text never touches the design's. */
const CLEARANCE = 0.025;

/**
 * Finds where an image has room for more text. Each row of a small greyscale
 * copy counts its sharp steps between neighbours: a row of a gradient or glow
 * has none, a row through a glyph has several. Rows near such detail are busy
 * too; what is left are the quiet bands.
 */
export async function analyseLayout(image: Sharp, size: { width: number; height: number }): Promise<ImageLayout> {
  const height = Math.max(1, Math.round((ANALYSIS_WIDTH * size.height) / size.width));
  const { data } = await image.clone().resize(ANALYSIS_WIDTH, height, { fit: 'fill' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const busy = new Array<boolean>(height).fill(false);
  for (let y = 0; y < height; y += 1) {
    let edges = 0;
    for (let x = 1; x < ANALYSIS_WIDTH; x += 1) {
      if (Math.abs((data[y * ANALYSIS_WIDTH + x] ?? 0) - (data[y * ANALYSIS_WIDTH + x - 1] ?? 0)) > EDGE_STEP) edges += 1;
    }
    // A row through text crosses many glyph edges; a frame or a rule crosses two or four.
    busy[y] = edges >= MIN_EDGES_OF_TEXT;
  }
  const busyShare = busy.filter(Boolean).length / height;
  const clearance = Math.ceil(height * CLEARANCE);
  const blocked = busy.map((_, y) => busy.slice(Math.max(0, y - clearance), y + clearance + 1).some(Boolean));
  const scale = size.height / height;
  const quietBands: Band[] = [];
  let start = -1;
  for (let y = 0; y <= height; y += 1) {
    if (y < height && !blocked[y]) {
      if (start < 0) start = y;
    } else if (start >= 0) {
      quietBands.push({ top: Math.round(start * scale), height: Math.round((y - start) * scale) });
      start = -1;
    }
  }
  quietBands.sort((a, b) => b.height - a.height || b.top - a.top);
  return { quietBands, busyShare };
}
