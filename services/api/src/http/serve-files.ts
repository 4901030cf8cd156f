import type { Express } from 'express';
import { LocalFileStorage, LOCAL_FILES_PATH, type FileStorage } from '@lps/storage';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', pdf: 'application/pdf', mp4: 'video/mp4' };

/**
 * Files are members' uploads, served from the API's own origin: nothing in them
 * may run there. `sandbox` with no sources gives a file opened directly no
 * scripts, no same-origin access and no loads; a PDF (which can carry
 * JavaScript) is a download, never rendered inline.
 */
function fileHeaders(key: string, type: string): Record<string, string> {
  const name = (key.split('/').pop() ?? 'file').replace(/[^\w.-]/g, '_');
  return {
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `${type === 'application/pdf' ? 'attachment' : 'inline'}; filename="${name}"`,
  };
}

/**
 * GET /files/<key> for the local-disk storage: exact files only (no listing,
 * no dotfiles, no climbing out), with their content type and a long cache
 * since keys are never reused. With S3 the bucket serves the files instead.
 */
export function mountLocalFiles(app: Express, storage: FileStorage): void {
  if (!(storage instanceof LocalFileStorage)) return;
  app.get(`${LOCAL_FILES_PATH}/*key`, async (req, res, next) => {
    const key = ([] as string[]).concat(req.params.key).join('/');
    const type = TYPES[key.split('.').pop()?.toLowerCase() ?? ''];
    try {
      storage.pathFor(key);
    } catch {
      return next();
    }
    if (!type || !(await storage.exists(key))) return next();
    // `root` makes the dotfile rule apply to the key only: the data directory
    // itself may sit under a dot-directory (the default `.data`).
    res.sendFile(key, { root: storage.root, dotfiles: 'deny', headers: fileHeaders(key, type) }, (error) => {
      if (error && !res.headersSent) next();
    });
  });
}
