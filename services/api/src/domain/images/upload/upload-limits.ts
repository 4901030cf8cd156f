import { unprocessable, type AppError } from '@lps/common';

export type UploadType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'video/mp4';

/**
 * The contract's limits: images ≤ 5 MB, PDFs ≤ 10 MB multipart and ≤ 5 MB by image_url;
 * videos (additive, decision 0021) up to LPS_VIDEO_MAX_BYTES either way.
 */
export interface UploadLimits {
  image: number;
  pdf: number;
  video: number;
}

const MB = 1024 * 1024;
export const MULTIPART_LIMITS: Omit<UploadLimits, 'video'> = { image: 5 * MB, pdf: 10 * MB };
export const URL_LIMITS: Omit<UploadLimits, 'video'> = { image: 5 * MB, pdf: 5 * MB };
/** The boundaries and part headers around a multipart upload's one file: generous, they take a few hundred bytes. */
export const FORM_FRAMING_BYTES = 64 * 1024;

/** LinkedIn's Videos API takes MP4s of at least 75 KB (its "Video File Size Specifications"). */
export const VIDEO_MIN_BYTES = 75 * 1024;

/** The limits of one upload path with this deployment's video cap. */
export const withVideo = (limits: Omit<UploadLimits, 'video'>, videoMaxBytes: number): UploadLimits => ({ ...limits, video: videoMaxBytes });

/** No upload on this path may be longer than this. */
export const largestOf = (limits: UploadLimits): number => Math.max(limits.image, limits.pdf, limits.video);

export const EXTENSIONS: Record<UploadType, 'png' | 'jpg' | 'pdf' | 'mp4'> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf', 'video/mp4': 'mp4' };

/** What a type is called in a message. */
export const NOUNS: Record<UploadType, string> = { 'image/png': 'image', 'image/jpeg': 'image', 'application/pdf': 'PDF', 'video/mp4': 'video' };

export const describeBytes = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

/** Every upload problem is a 422 unprocessable naming the field, so clients can show it next to the input. */
export const uploadProblem = (field: 'file' | 'image_url', message: string): AppError => unprocessable(message, { [field]: message });
