import type { Config } from '@lps/config';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-storage.js';
import { S3FileStorage } from './s3-storage.js';

/** The storage chosen by LPS_STORAGE (the config already insists on S3_BUCKET for s3). */
export function createStorage(config: Config): FileStorage {
  if (config.storage.driver === 's3') {
    const { s3 } = config.storage;
    if (!s3.bucket) throw new Error('LPS_STORAGE=s3 needs S3_BUCKET');
    return new S3FileStorage({ ...s3, bucket: s3.bucket });
  }
  return new LocalFileStorage(config.storage.dataDir, config.http.publicBaseUrl);
}
