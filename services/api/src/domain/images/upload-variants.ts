import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { fitImage, IMAGE_SIZES } from '@lps/ai';
import type { ImageCandidate } from '@lps/db';
import type { FileStorage } from '@lps/storage';
import type { StagedUpload } from './stage-upload.js';
import { uploadProblem } from './upload-limits.js';

// Decoding is the memory-hungry part of an upload: a few at a time per process keeps RSS flat under bursts.
const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
sharp.cache(false);

const MAX_PDF_PAGES = 300;

/** A PDF must parse and have 1–300 pages; it becomes one `document` candidate. */
async function documentCandidate(storage: FileStorage, staged: StagedUpload, field: 'file' | 'image_url'): Promise<ImageCandidate[]> {
  let pages: number;
  let first: { width: number; height: number } | undefined;
  try {
    const pdf = await PDFDocument.load(await storage.read(staged.key), { ignoreEncryption: true, updateMetadata: false });
    pages = pdf.getPageCount();
    first = pages > 0 ? pdf.getPage(0).getSize() : undefined;
  } catch {
    throw uploadProblem(field, 'the PDF cannot be parsed');
  }
  if (!first || pages > MAX_PDF_PAGES) throw uploadProblem(field, `the PDF has ${pages} pages; 1 to ${MAX_PDF_PAGES} are accepted`);
  return [{ base_url: staged.url, width: Math.round(first.width), height: Math.round(first.height), kind: 'document', source: 'upload' }];
}

/**
 * An image must decode completely (a valid header over garbage does not);
 * it becomes the original plus fitted 1200×1200 and 1200×627 variants.
 */
async function imageCandidates(storage: FileStorage, staged: StagedUpload, field: 'file' | 'image_url', written: string[]): Promise<ImageCandidate[]> {
  const source = await storage.read(staged.key);
  const candidates: ImageCandidate[] = [];
  try {
    const meta = await sharp(source).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    candidates.push({ base_url: staged.url, width, height, kind: 'image', source: 'upload' });
    // Fitting decodes the whole image: a valid header over garbage fails here, with no extra full-size copy.
    for (const size of IMAGE_SIZES) {
      const key = staged.key.replace(/\.(png|jpg)$/, `-${size.width}x${size.height}.png`);
      const fitted = await fitImage(source, size);
      const stored = await storage.put(key, fitted, 'image/png');
      written.push(key);
      candidates.push({ base_url: stored.url, width: size.width, height: size.height, kind: 'image', source: 'upload' });
    }
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw uploadProblem(field, 'the image cannot be decoded');
  }
  return candidates;
}

/** Checks the staged file's content and renders its variants; `written` collects every new key for cleanup. */
export function uploadCandidates(storage: FileStorage, staged: StagedUpload, field: 'file' | 'image_url', written: string[]): Promise<ImageCandidate[]> {
  return limited(() => (staged.type === 'application/pdf' ? documentCandidate(storage, staged, field) : imageCandidates(storage, staged, field, written)));
}
