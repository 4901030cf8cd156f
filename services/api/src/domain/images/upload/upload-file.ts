import { validationError, type AppError } from '@lps/common';
import type { Needs } from '../../deps.js';
import { getOwnedPost } from '../../posts/find-post.js';
import { assertImagesAllowed } from '../../posts/post-states.js';
import { attachUpload } from './attach-upload.js';
import { stageUpload, type StagedUpload } from './stage-upload.js';
import { describeBytes, FORM_FRAMING_BYTES, largestOf, MULTIPART_LIMITS, uploadProblem, withVideo, type UploadLimits } from './upload-limits.js';

/** A form's file part, handed over while its bytes still arrive. */
export interface FilePart {
  /** The name the file came with: a PDF is titled from it. */
  name: string;
  bytes: AsyncIterable<Buffer>;
}

/** The form's one file once read: staged, or stopped by the content problem `stage` threw. */
export interface ReceivedFile {
  staged?: StagedUpload;
  problem?: AppError;
}

/** A multipart upload as the HTTP layer reads it (multer, in http/multipart-upload.ts); what happens to it is decided here. */
export interface UploadForm {
  /** The bytes the request declares (Content-Length), when it declares them. */
  declaredBytes: number | undefined;
  /**
   * Reads the form, handing its file part to `stage` as the bytes arrive; none when no file came.
   * A content problem ends the read at once, so the client is answered while it may still be sending.
   */
  read(stage: (part: FilePart) => Promise<StagedUpload>): Promise<ReceivedFile | undefined>;
  /** The form's alt_text, checked as the JSON form checks it (throws its validation_error). */
  altText(): string | null | undefined;
  /** Stops reading a body that is about to be refused. */
  stopReading(): void;
}

type UploadNeeds = Needs<'createImageCallRequest' | 'abandonImageCall' | 'findImageRequest' | 'readOwnedPost', 'calls' | 'config' | 'request' | 'clients'>;

/** This deployment's multipart limits: the contract's, and its video cap (LPS_VIDEO_MAX_BYTES). */
const multipartLimits = ({ config }: Needs<never, 'config'>): UploadLimits => withVideo(MULTIPART_LIMITS, config.images.videoMaxBytes);

/** The largest file a form may carry here, and the largest form around it (the parser's backstop: our own cap answers first, with the precise reason). */
export function multipartCaps(deps: Needs<never, 'config'>): { file: number; body: number } {
  const file = largestOf(multipartLimits(deps));
  return { file, body: file + FORM_FRAMING_BYTES };
}

/** The post exists, is the caller's and takes an upload: 404, 409 or 422 (a poll) otherwise. */
async function assertTakesUpload(deps: Needs<'readOwnedPost'>, memberId: string, postId: string): Promise<void> {
  assertImagesAllowed(await getOwnedPost(deps, memberId, postId), 'upload an image to');
}

/** A body declaring more bytes than any acceptable upload (its framing included). */
function declaredOversize(declared: number, { image, pdf, video }: UploadLimits): AppError {
  const megabytes = (declared / 1024 / 1024).toFixed(1);
  return uploadProblem(
    'file',
    `the request declares ${megabytes} MB, more than any file accepted (a video of ${describeBytes(video)}, a PDF of ${describeBytes(pdf)}, an image of ${describeBytes(image)})`,
  );
}

/**
 * POST /posts/{id}/images/upload with multipart/form-data. The contract's order of checks is the
 * form's shape (one `file` field), then the post (404, 409), then the content (422), although the bytes arrive
 * first: the file is staged as it streams in (type, size and header checked on the way), then the
 * post is checked, then the staged file is attached. A body declaring more than any file is refused
 * from its headers (after the post's check), before one byte is read or stored: read to the cap,
 * a slow sender held a connection and a partial file for as long as it liked. A staged file is
 * removed on every refusal.
 */
export async function uploadFile(deps: UploadNeeds, memberId: string, postId: string, form: UploadForm) {
  const limits = multipartLimits(deps);
  if (form.declaredBytes !== undefined && form.declaredBytes > multipartCaps(deps).body) {
    form.stopReading();
    await assertTakesUpload(deps, memberId, postId);
    throw declaredOversize(form.declaredBytes, limits);
  }
  const file = await form.read((part) =>
    stageUpload(deps.clients.storage, { memberId, postId, field: 'file', name: part.name, declaredBytes: form.declaredBytes }, part.bytes, limits),
  );
  const staged = file?.staged;
  const discardStaged = async () => {
    if (staged) await deps.clients.storage.delete(staged.key).catch(() => undefined);
  };
  let altText: string | null | undefined;
  try {
    altText = form.altText();
  } catch (error) {
    await discardStaged();
    throw error;
  }
  if (!file) throw validationError({ file: 'a file is required in the field `file`' });
  try {
    await assertTakesUpload(deps, memberId, postId);
  } catch (error) {
    await discardStaged();
    throw error;
  }
  if (file.problem) {
    form.stopReading();
    throw file.problem;
  }
  if (!staged) throw validationError({ file: 'the file could not be read' });
  return attachUpload(deps, memberId, postId, staged, 'file', altText);
}
