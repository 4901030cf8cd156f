import sharp from 'sharp';

/** Rasterises one of our SVGs (text already outlines, so librsvg needs no fonts). */
export const svgToPng = (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).png({ compressionLevel: 7 }).toBuffer();
