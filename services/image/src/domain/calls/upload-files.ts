import { uploadFileKeys } from '@lps/ai';
import type { FileStorage } from '@lps/storage';

/** Removes every file an upload may have written: a refused, failed or abandoned upload leaves nothing behind. */
export async function removeUploadFiles(storage: FileStorage, sourceKey: string): Promise<void> {
  await Promise.all(uploadFileKeys(sourceKey).map((key) => storage.delete(key)));
}
