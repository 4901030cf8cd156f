import { unprocessable, type AppError } from '@lps/common';

export type UploadType = 'image/png' | 'image/jpeg' | 'application/pdf';

/** The contract's limits: images ≤ 5 MB, PDFs ≤ 10 MB multipart and ≤ 5 MB by image_url. */
export interface UploadLimits {
  image: number;
  pdf: number;
}

const MB = 1024 * 1024;
export const MULTIPART_LIMITS: UploadLimits = { image: 5 * MB, pdf: 10 * MB };
export const URL_LIMITS: UploadLimits = { image: 5 * MB, pdf: 5 * MB };

export const EXTENSIONS: Record<UploadType, 'png' | 'jpg' | 'pdf'> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

export const describeBytes = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`);

/** Every upload problem is a 422 unprocessable naming the field, so clients can show it next to the input. */
export const uploadProblem = (field: 'file' | 'image_url', message: string): AppError => unprocessable(message, { [field]: message });
