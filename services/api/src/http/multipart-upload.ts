import type { Request, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import { isAppError, validationError, type AppError } from '@lps/common';
import type { Needs } from '../domain/deps.js';
import { attachUpload } from '../domain/images/attach-upload.js';
import { assertImagesAllowed } from '../domain/images/image-states.js';
import { getOwnedPost } from '../domain/posts/find-post.js';
import { stageUpload, type StagedUpload } from '../domain/images/stage-upload.js';
import { describeBytes, FORM_FRAMING_BYTES, largestOf, MULTIPART_LIMITS, uploadProblem, withVideo, type UploadLimits } from '../domain/images/upload-limits.js';
import { altText } from '../schemas/alt-text.js';
import { closeIfStillSending } from './close-if-still-sending.js';

type StagedFile = Express.Multer.File & { staged?: StagedUpload; problem?: AppError };

/** This deployment's multipart limits: the contract's, and its video cap (LPS_VIDEO_MAX_BYTES). */
const limitsOf = ({ config }: Needs<never, 'config'>): UploadLimits => withVideo(MULTIPART_LIMITS, config.images.videoMaxBytes);
/** No acceptable upload is longer than the largest file plus its framing. */
const largestBody = (deps: Needs<never, 'config'>) => largestOf(limitsOf(deps)) + FORM_FRAMING_BYTES;

/**
 * A multer storage engine that streams the part straight into our storage
 * through the type and size checks. A content problem (wrong type, over the
 * cap) is handed to `onProblem` at once, so the client is answered while it
 * may still be sending: multer itself would answer only after the body ended.
 */
function stagingEngine(deps: Needs<never, 'clients' | 'config'>, target: { memberId: string; postId: string }, onProblem: (problem: AppError) => void): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      // Not destroyed on return: busboy still writes the rest of the part, which we then discard.
      const part = file.stream.iterator({ destroyOnReturn: false });
      // What the body declares: checked against the limit of the type its first bytes show.
      const declared = Number(req.headers['content-length']) || undefined;
      stageUpload(deps.clients.storage, { ...target, field: 'file', name: file.originalname, declaredBytes: declared }, part, limitsOf(deps)).then(
        (staged) => callback(null, { staged } as Partial<StagedFile>),
        (error: unknown) => {
          // The iterator's 'readable' listener would keep resume() from working: release it, then discard.
          void part.return?.();
          file.stream.resume();
          if (!isAppError(error)) return callback(error);
          onProblem(error);
          callback(null, { problem: error } as Partial<StagedFile>);
        },
      );
    },
    _removeFile(_req, file, callback) {
      const staged = (file as StagedFile).staged;
      if (!staged) return callback(null);
      deps.clients.storage.delete(staged.key).then(() => callback(null), callback);
    },
  };
}

const MULTER_PROBLEMS: Record<string, string> = {
  LIMIT_UNEXPECTED_FILE: 'send exactly one file, in the field `file`',
  LIMIT_FILE_COUNT: 'send exactly one file, in the field `file`',
  LIMIT_FIELD_COUNT: 'the only fields accepted are `file` and `alt_text`',
  LIMIT_PART_COUNT: 'the only fields accepted are `file` and `alt_text`',
};

/** The one text field (decision 0022): an image's alt text, at most 4086 characters of up to 4 UTF-8 bytes each. */
const ALT_TEXT_FIELD = 'alt_text';
const ALT_TEXT_FIELD_BYTES = 4086 * 4;

function parse(deps: Needs<never, 'clients' | 'config'>, req: Request, res: Response, target: { memberId: string; postId: string }): Promise<StagedFile | undefined> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finish();
    };
    const upload = multer({
      storage: stagingEngine(deps, target, (problem) => settle(() => resolve({ problem } as StagedFile))),
      // A backstop above the largest accepted file: our own cap answers first with the precise reason.
      limits: { files: 1, fields: 1, parts: 2, fileSize: largestBody(deps), fieldSize: ALT_TEXT_FIELD_BYTES },
      // Browsers and curl send a file name's UTF-8 bytes as they are; latin1 (the default) would garble a PDF's title.
      defParamCharset: 'utf8',
    }).single('file');
    upload(req, res, (error: unknown) =>
      settle(() => {
        if (!error) return resolve(req.file);
        const code = (error as { code?: string }).code ?? '';
        if (MULTER_PROBLEMS[code]) return reject(validationError({ file: MULTER_PROBLEMS[code] }));
        if (code === 'LIMIT_FILE_SIZE') return reject(validationError({ file: `the file is larger than ${describeBytes(largestOf(limitsOf(deps)))}` }));
        if (code === 'LIMIT_FIELD_VALUE') return reject(validationError({ [ALT_TEXT_FIELD]: "is longer than LinkedIn's 4086 characters" }));
        reject(validationError({ body: `not valid multipart/form-data (${(error as Error).message})` }));
      }),
    );
  });
}

/**
 * A body that declares more bytes than any acceptable upload is refused from its
 * headers, before one byte is read or stored: read to the cap, a slow sender
 * held a connection and a partial file for as long as it liked. The post is
 * checked first, so the contract's order (404, 409, then 422) holds.
 */
async function refuseDeclaredOversize(deps: Needs<'readOwnedPost', 'config'>, req: Request, res: Response, target: { memberId: string; postId: string }): Promise<void> {
  const declared = Number(req.headers['content-length']);
  if (!(declared > largestBody(deps))) return;
  closeIfStillSending(req, res);
  assertImagesAllowed(await getOwnedPost(deps, target.memberId, target.postId), 'upload an image to');
  const megabytes = (declared / 1024 / 1024).toFixed(1);
  const { image, pdf, video } = limitsOf(deps);
  throw uploadProblem(
    'file',
    `the request declares ${megabytes} MB, more than any file accepted (a video of ${describeBytes(video)}, a PDF of ${describeBytes(pdf)}, an image of ${describeBytes(image)})`,
  );
}

/**
 * POST /images/upload with multipart/form-data: the shape (one `file` field)
 * is checked first, then the post (404, 409), then the content (422), so
 * the contract's order of checks holds even though the bytes arrive first.
 */
export async function uploadMultipart(
  deps: Needs<'createImageCallRequest' | 'abandonImageCall' | 'findImageRequest' | 'readOwnedPost', 'calls' | 'config' | 'request' | 'clients'>,
  req: Request,
  res: Response,
  target: { memberId: string; postId: string },
) {
  if (!req.is('multipart/form-data')) {
    throw validationError({ 'content-type': 'send multipart/form-data with a `file` field, or application/json with image_url' });
  }
  const encoding = req.header('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') {
    // Read as they come, compressed bytes are not multipart at all; the file itself may be compressed (a PNG is).
    closeIfStillSending(req, res);
    throw validationError({ 'content-encoding': `${encoding} is not accepted on uploads: send the form uncompressed` });
  }
  await refuseDeclaredOversize(deps, req, res, target);
  const file = await parse(deps, req, res, target);
  let alt: string | null | undefined;
  try {
    alt = altTextField(req.body);
  } catch (error) {
    if (file?.staged) await deps.clients.storage.delete(file.staged.key).catch(() => undefined);
    throw error;
  }
  if (!file) throw validationError({ file: 'a file is required in the field `file`' });
  try {
    assertImagesAllowed(await getOwnedPost(deps, target.memberId, target.postId), 'upload an image to');
  } catch (error) {
    if (file.staged) await deps.clients.storage.delete(file.staged.key).catch(() => undefined);
    throw error;
  }
  if (file.problem) {
    closeIfStillSending(req, res);
    throw file.problem;
  }
  if (!file.staged) throw validationError({ file: 'the file could not be read' });
  return attachUpload(deps, target.memberId, target.postId, file.staged, 'file', alt);
}

/** The form's text fields: `alt_text` alone, checked as the JSON form checks it. */
function altTextField(fields: unknown): string | null | undefined {
  const entries = Object.entries((fields ?? {}) as Record<string, unknown>);
  const unknown = entries.find(([name]) => name !== ALT_TEXT_FIELD);
  if (unknown) throw validationError({ [unknown[0].slice(0, 100)]: 'the only fields accepted are `file` and `alt_text`' });
  const value = entries[0]?.[1];
  if (value === undefined) return undefined;
  const checked = altText().label(ALT_TEXT_FIELD).validate(value);
  if (checked.error) throw validationError({ [ALT_TEXT_FIELD]: checked.error.message });
  return checked.value;
}
