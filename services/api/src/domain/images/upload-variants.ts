import { randomUUID } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_SIZES, MAX_IMAGE_PIXELS } from '@lps/ai';
import type { ImageCandidate } from '@lps/db';
import type { FileStorage } from '@lps/storage';
import { imageWork, loadImageTools } from './image-work.js';
import { countPdfPages } from './pdf-pages.js';
import type { StagedUpload } from './stage-upload.js';
import { uploadProblem } from './upload-limits.js';


const MAX_PDF_PAGES = 300;

/** A PDF must parse and have 1–300 pages; it becomes one `document` candidate. */
async function documentCandidate(storage: FileStorage, staged: StagedUpload, field: 'file' | 'image_url'): Promise<ImageCandidate[]> {
  const counted = await countPdfPages(await storage.read(staged.key));
  if (!counted) throw uploadProblem(field, 'the PDF cannot be parsed');
  const { pages, first } = counted;
  if (!first || pages > MAX_PDF_PAGES) throw uploadProblem(field, `the PDF has ${pages} pages; 1 to ${MAX_PDF_PAGES} are accepted`);
  const title = staged.title ? { title: staged.title } : {};
  return [{ base_url: staged.url, width: Math.round(first.width), height: Math.round(first.height), kind: 'document', source: 'upload', ...title }];
}

/**
 * An image must decode completely (a valid header over garbage does not);
 * it becomes the original plus fitted 1200×1200 and 1200×627 variants.
 * libvips reads the stored file and writes each variant straight to its
 * file, so no whole image passes through JavaScript memory.
 */
async function imageCandidates(storage: FileStorage, staged: StagedUpload, field: 'file' | 'image_url', written: string[]): Promise<ImageCandidate[]> {
  const { fitImageFile, imageSizeOf, stripMetadata } = await loadImageTools();
  try {
    return await storage.withLocalPath(staged.key, async (source) => {
      const size = await imageSizeOf(source);
      // From the header, before anything is decoded: a small file can declare a gigabyte of pixels.
      if (size.width * size.height > MAX_IMAGE_PIXELS) {
        throw uploadProblem(
          field,
          `the image is ${size.width} × ${size.height} = ${(size.width * size.height).toLocaleString('en-US')} pixels; LinkedIn accepts at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')}`,
        );
      }
      // The original is served as uploaded, so it must not carry the camera's location (EXIF GPS) with it.
      const clean = join(tmpdir(), `lps-clean-${randomUUID()}`);
      try {
        if (await stripMetadata(source, clean)) await storage.putFromPath(staged.key, staged.type, (target) => copyFile(clean, target));
      } finally {
        await rm(clean, { force: true });
      }
      const candidates: ImageCandidate[] = [{ base_url: staged.url, ...size, kind: 'image', source: 'upload' }];
      // Fitting decodes the whole image: a valid header over garbage fails here.
      for (const size of IMAGE_SIZES) {
        const key = staged.key.replace(/\.(png|jpg)$/, `-${size.width}x${size.height}.png`);
        written.push(key);
        const stored = await storage.putFromPath(key, 'image/png', (target) => fitImageFile(source, size, target));
        candidates.push({ base_url: stored.url, width: size.width, height: size.height, kind: 'image', source: 'upload' });
      }
      return candidates;
    });
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw uploadProblem(field, 'the image cannot be decoded');
  }
}

/** Checks the staged file's content and renders its variants; `written` collects every new key for cleanup. */
export function uploadCandidates(storage: FileStorage, staged: StagedUpload, field: 'file' | 'image_url', written: string[]): Promise<ImageCandidate[]> {
  return imageWork(() => (staged.type === 'application/pdf' ? documentCandidate(storage, staged, field) : imageCandidates(storage, staged, field, written)));
}
