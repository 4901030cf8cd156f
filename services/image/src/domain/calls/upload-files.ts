import { IMAGE_SIZES } from '@lps/ai';
import type { FileStorage } from '@lps/storage';

type Size = { width: number; height: number };

/** A fitted variant's key: the upload's own key with its size, so an upload's files are known from its key alone. */
export const variantKeyOf = (sourceKey: string, size: Size): string => sourceKey.replace(/\.(png|jpg)$/, `-${size.width}x${size.height}.png`);

/**
 * Removes every file an upload may have written (the staged original and its
 * variants): a refused, failed or abandoned upload leaves nothing behind.
 */
export async function removeUploadFiles(storage: FileStorage, sourceKey: string): Promise<void> {
  const keys = [sourceKey, ...(/\.(png|jpg)$/.test(sourceKey) ? IMAGE_SIZES.map((size) => variantKeyOf(sourceKey, size)) : [])];
  await Promise.all(keys.map((key) => storage.delete(key)));
}
