import type { Express } from 'express';
import { LocalFileStorage, LOCAL_FILES_PATH, type FileStorage } from '@lps/storage';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/**
 * GET /files/<key> for the local-disk storage: exact files only (no listing,
 * no dotfiles, no climbing out), with their content type and a long cache
 * since keys are never reused. With S3 the bucket serves the files instead.
 */
export function mountLocalFiles(app: Express, storage: FileStorage): void {
  if (!(storage instanceof LocalFileStorage)) return;
  app.get(`${LOCAL_FILES_PATH}/*key`, async (req, res, next) => {
    const key = ([] as string[]).concat(req.params.key as string | string[]).join('/');
    const type = TYPES[key.split('.').pop()?.toLowerCase() ?? ''];
    try {
      storage.pathFor(key);
    } catch {
      return next();
    }
    if (!type || !(await storage.exists(key))) return next();
    // `root` makes the dotfile rule apply to the key only: the data directory
    // itself may sit under a dot-directory (the default `.data`).
    res.sendFile(key, { root: storage.root, dotfiles: 'deny', headers: { 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' } }, (error) => {
      if (error && !res.headersSent) next();
    });
  });
}
