import { randomUUID } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_SIZES, MAX_IMAGE_PIXELS, uploadVariantKey } from '@lps/ai';
import { fitImageFile, imageSizeOf, stripMetadata } from '@lps/ai/image/fit';
import type { ImageCandidate } from '@lps/db';
import type { FileStorage } from '@lps/storage';
import { ContentProblem } from './content-problem.js';
import { PDF_READ_LIMITS, readPdfPages, type PdfPages } from './pdf-pages.js';
import { videoCandidate } from './video-candidate.js';

const MAX_PDF_PAGES = 300;

/** A staged upload as its request row describes it. */
export interface StagedFile {
  key: string;
  type: string;
  title: string | null;
  /** An image's alt text from the member (decision 0022): the original and its fitted variants show the same picture. */
  altText?: string | null;
}

const PDF_PROBLEMS: Record<Extract<PdfPages, { problem: string }>['problem'], string> = {
  inflates: `the PDF's compressed objects expand to more than ${PDF_READ_LIMITS.maxInflatedBytes / 1024 / 1024} MB`,
  'too-complex': 'the PDF holds more objects than the service reads',
  'too-slow': `the PDF took longer than ${PDF_READ_LIMITS.timeoutMs / 1000} s to read`,
  unreadable: 'the PDF cannot be parsed',
};

/** A PDF must parse within the read limits and have 1–300 pages; it becomes one `document` candidate. */
async function documentCandidate(storage: FileStorage, file: StagedFile): Promise<ImageCandidate[]> {
  const counted = await readPdfPages(await storage.read(file.key));
  if ('problem' in counted) throw new ContentProblem(PDF_PROBLEMS[counted.problem]);
  const { pages, first } = counted;
  if (!first || pages > MAX_PDF_PAGES) throw new ContentProblem(`the PDF has ${pages} pages; 1 to ${MAX_PDF_PAGES} are accepted`);
  const title = file.title ? { title: file.title } : {};
  return [{ base_url: storage.urlFor(file.key), width: Math.round(first.width), height: Math.round(first.height), kind: 'document', source: 'upload', ...title }];
}

/** libvips' own errors are the file's; storage errors are not. */
const decoding = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw error instanceof ContentProblem ? error : new ContentProblem('the image cannot be decoded');
  });

/**
 * An image must decode completely (a valid header over garbage does not); it
 * becomes the original, without its metadata and turned as the camera meant, plus
 * fitted 1200×1200 and 1200×627 variants. libvips reads the stored file and writes
 * each variant straight to its file, so no whole image passes through JavaScript.
 */
async function imageCandidates(storage: FileStorage, file: StagedFile): Promise<ImageCandidate[]> {
  return storage.withLocalPath(file.key, async (source) => {
    const size = await decoding(imageSizeOf(source));
    // The API checked the header's dimensions already; libvips' own limit is the last word.
    if (size.width * size.height > MAX_IMAGE_PIXELS) {
      throw new ContentProblem(
        `the image is ${size.width} × ${size.height} = ${(size.width * size.height).toLocaleString('en-US')} pixels; LinkedIn accepts at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')}`,
      );
    }
    // The original is served as uploaded, so it must not carry the camera's location (EXIF GPS) with it.
    const clean = join(tmpdir(), `lps-clean-${randomUUID()}`);
    try {
      if (await decoding(stripMetadata(source, clean))) await storage.putFromPath(file.key, file.type, (target) => copyFile(clean, target));
    } finally {
      await rm(clean, { force: true });
    }
    const alt = file.altText ? { alt_text: file.altText } : {};
    const candidates: ImageCandidate[] = [{ base_url: storage.urlFor(file.key), ...size, kind: 'image', source: 'upload', ...alt }];
    // Fitting decodes the whole image: a valid header over garbage fails here.
    for (const fitted of IMAGE_SIZES) {
      const stored = await storage.putFromPath(uploadVariantKey(file.key, fitted), 'image/png', (target) => decoding(fitImageFile(source, fitted, target)));
      candidates.push({ base_url: stored.url, width: fitted.width, height: fitted.height, kind: 'image', source: 'upload', ...alt });
    }
    return candidates;
  });
}

/** The candidates a staged upload becomes, or a ContentProblem saying why the file is refused. */
export function uploadCandidates(storage: FileStorage, file: StagedFile): Promise<ImageCandidate[]> {
  if (file.type === 'application/pdf') return documentCandidate(storage, file);
  if (file.type === 'video/mp4') return videoCandidate(storage, file.key);
  return imageCandidates(storage, file);
}
