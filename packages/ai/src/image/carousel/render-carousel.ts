import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { DesignInput } from '../designs/design.js';
import { CAROUSEL_SIZE } from '../image-provider.js';
import { textPath, type TextStyle } from '../text/layout.js';

const color = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
};

const { width: W, height: H } = CAROUSEL_SIZE;
const M = 96;

type Box = { x: number; y: number; width: number; height: number };

/** Text as outlines: the same engine as the PNG designs, so the PDF needs no embedded font to look right. */
function drawText(page: PDFPage, text: string, box: Box, style: TextStyle & { align?: 'left' | 'center'; valign?: 'top' | 'middle' | 'bottom' }, fill: string) {
  const { d, block } = textPath(text, box, style);
  if (d) page.drawSvgPath(d, { x: 0, y: H, color: color(fill), borderWidth: 0 });
  return block;
}

function background(page: PDFPage, input: DesignInput, fill: string) {
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: color(fill) });
  page.drawRectangle({ x: 0, y: 0, width: W, height: 14, color: color(input.palette.accent) });
}

function footer(page: PDFPage, input: DesignInput, index: number, total: number) {
  drawText(page, input.name, { x: M, y: H - M - 28, width: W * 0.6, height: 36 }, { weight: 'semibold', maxSize: 28, minSize: 14, maxLines: 1 }, input.palette.muted);
  drawText(
    page,
    `${index} / ${total}`,
    { x: W - M - 200, y: H - M - 28, width: 200, height: 36 },
    { weight: 'regular', maxSize: 28, minSize: 14, maxLines: 1, align: 'left' },
    input.palette.muted,
  );
}

/**
 * A carousel document (1080×1350 portrait slides): a cover with the hook, one
 * slide per key point, and a closing slide with the member's name.
 */
export async function renderCarousel(input: DesignInput, points: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.hook || input.name);
  pdf.setAuthor(input.name);
  pdf.setCreator('lps builtin image provider');
  const { palette } = input;
  const total = points.length + 2;

  const cover = pdf.addPage([W, H]);
  background(cover, input, palette.background);
  drawText(
    cover,
    input.hook || input.scene || input.name,
    { x: M, y: M * 2, width: W - 2 * M, height: H - M * 4.5 },
    { weight: 'black', maxSize: 110, minSize: 40, lineHeight: 1.08, valign: 'middle' },
    palette.text,
  );
  drawText(cover, 'Swipe →', { x: M, y: H - M * 2.3, width: W - 2 * M, height: 44 }, { weight: 'semibold', maxSize: 40, minSize: 20, maxLines: 1 }, palette.accent);
  footer(cover, input, 1, total);

  points.forEach((point, index) => {
    const page = pdf.addPage([W, H]);
    background(page, input, index % 2 === 0 ? palette.backgroundTo : palette.background);
    drawText(page, String(index + 1).padStart(2, '0'), { x: M, y: M, width: 300, height: 150 }, { weight: 'black', maxSize: 140, minSize: 60, maxLines: 1 }, palette.accent);
    drawText(
      page,
      point,
      { x: M, y: M + 220, width: W - 2 * M, height: H - M * 2 - 220 - 120 },
      { weight: 'semibold', maxSize: 72, minSize: 30, lineHeight: 1.22, valign: 'middle' },
      palette.text,
    );
    footer(page, input, index + 2, total);
  });

  const closing = pdf.addPage([W, H]);
  background(closing, input, palette.accent);
  drawText(
    closing,
    input.name,
    { x: M, y: H * 0.3, width: W - 2 * M, height: 200 },
    { weight: 'black', maxSize: 96, minSize: 36, align: 'center', valign: 'bottom' },
    palette.background,
  );
  if (input.headline) {
    drawText(
      closing,
      input.headline,
      { x: M, y: H * 0.3 + 240, width: W - 2 * M, height: 120 },
      { weight: 'regular', maxSize: 44, minSize: 20, align: 'center' },
      palette.background,
    );
  }
  drawText(
    closing,
    'Follow for more ♻ Share if it helped',
    { x: M, y: H - M * 2.5, width: W - 2 * M, height: 50 },
    { weight: 'semibold', maxSize: 40, minSize: 18, maxLines: 1, align: 'center' },
    palette.background,
  );
  return Buffer.from(await pdf.save());
}
