export { type FileStorage, type StoredFile, assertSafeKey } from './file-storage.js';
export { LocalFileStorage, LOCAL_FILES_PATH } from './local-storage.js';
export { S3FileStorage, type S3StorageOptions } from './s3-storage.js';
export { createStorage } from './create-storage.js';
