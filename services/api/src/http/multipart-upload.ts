import type { Request, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import { isAppError, validationError, type AppError } from '@lps/common';
import type { Needs } from '../domain/deps.js';
import { describeBytes, multipartCaps, type FilePart, type ReceivedFile, type StagedUpload, type UploadForm } from '../domain/images/index.js';
import { altText } from '../schemas/alt-text.js';
import { closeIfStillSending } from './close-if-still-sending.js';

type StagedFile = Express.Multer.File & ReceivedFile;
type Stage = (part: FilePart) => Promise<StagedUpload>;

/**
 * A multer storage engine that streams the part straight to the use case's `stage`
 * (into our storage, through the type and size checks). A content problem (wrong type,
 * over the cap) is handed to `onProblem` at once, so the client is answered while it
 * may still be sending: multer itself would answer only after the body ended.
 */
function stagingEngine(deps: Needs<never, 'clients'>, stage: Stage, onProblem: (problem: AppError) => void): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      // Not destroyed on return: busboy still writes the rest of the part, which we then discard.
      const part = file.stream.iterator({ destroyOnReturn: false });
      stage({ name: file.originalname, bytes: part }).then(
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

function parse(deps: Needs<never, 'clients' | 'config'>, req: Request, res: Response, stage: Stage): Promise<StagedFile | undefined> {
  const caps = multipartCaps(deps);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finish();
    };
    const upload = multer({
      storage: stagingEngine(deps, stage, (problem) => settle(() => resolve({ problem } as StagedFile))),
      // A backstop above the largest accepted file: our own cap answers first with the precise reason.
      limits: { files: 1, fields: 1, parts: 2, fileSize: caps.body, fieldSize: ALT_TEXT_FIELD_BYTES },
      // Browsers and curl send a file name's UTF-8 bytes as they are; latin1 (the default) would garble a PDF's title.
      defParamCharset: 'utf8',
    }).single('file');
    upload(req, res, (error: unknown) =>
      settle(() => {
        if (!error) return resolve(req.file);
        const code = (error as { code?: string }).code ?? '';
        if (MULTER_PROBLEMS[code]) return reject(validationError({ file: MULTER_PROBLEMS[code] }));
        if (code === 'LIMIT_FILE_SIZE') return reject(validationError({ file: `the file is larger than ${describeBytes(caps.file)}` }));
        if (code === 'LIMIT_FIELD_VALUE') return reject(validationError({ [ALT_TEXT_FIELD]: "is longer than LinkedIn's 4086 characters" }));
        reject(validationError({ body: `not valid multipart/form-data (${(error as Error).message})` }));
      }),
    );
  });
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

/**
 * POST /posts/{id}/images/upload with multipart/form-data, as the upload use case
 * (domain/images/upload/upload-file.ts) reads it: one `file` field, and `alt_text`.
 * A body that is not such a form, or is compressed, is refused before it is read.
 */
export function multipartForm(deps: Needs<never, 'clients' | 'config'>, req: Request, res: Response): UploadForm {
  if (!req.is('multipart/form-data')) {
    throw validationError({ 'content-type': 'send multipart/form-data with a `file` field, or application/json with image_url' });
  }
  const encoding = req.header('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') {
    // Read as they come, compressed bytes are not multipart at all; the file itself may be compressed (a PNG is).
    closeIfStillSending(req, res);
    throw validationError({ 'content-encoding': `${encoding} is not accepted on uploads: send the form uncompressed` });
  }
  return {
    declaredBytes: Number(req.headers['content-length']) || undefined,
    read: (stage) => parse(deps, req, res, stage),
    altText: () => altTextField(req.body),
    stopReading: () => closeIfStillSending(req, res),
  };
}
