import Joi from 'joi';
import type { ImageCandidate } from '@lps/db';
import { defineCall, KEEP_HISTORY } from './job-definition.js';

/** Every image call names its request row (what to work on) and its member (whose share of the worker it takes). */
export interface ImageCallPayload {
  imageRequestId: string;
  memberId: string;
}

/**
 * Why the image service did not do what was asked: the file itself (`content`, a 422 naming the
 * field), the post (`post`: gone or in a state that takes no images; the caller reads it again
 * to say which), the candidate cap (`cap`), or the caller gave up before the work was done
 * (`abandoned`: nothing was kept).
 */
export interface ImageCallRefusal {
  outcome: 'refused';
  problem: 'content' | 'post' | 'cap' | 'abandoned';
  message: string;
}

/** A link card's image, fetched by the research worker and staged at `linkThumbnailKeys(…).staged`, to be made a thumbnail. */
export interface LinkThumbnailPayload {
  postId: string;
  memberId: string;
  /** The card's request (posts.link_preview.request_id): it names the files. */
  requestId: string;
}

/** Where a link card's image waits as fetched, and where its thumbnail is kept. */
export const linkThumbnailKeys = ({ memberId, postId, requestId }: LinkThumbnailPayload) => ({
  staged: `${memberId}/${postId}/link-${requestId}.fetched`,
  thumbnail: `${memberId}/${postId}/link-${requestId}.jpg`,
});

export type AttachUploadResult = { outcome: 'attached'; image_url: string; candidates: ImageCandidate[] } | ImageCallRefusal;
export type DrawOverlayResult = { outcome: 'drawn'; image_url: string } | ImageCallRefusal;
export type EncodeLinkThumbnailResult = { outcome: 'encoded'; image_url: string } | ImageCallRefusal;

const payload = Joi.object<ImageCallPayload, true>({ imageRequestId: Joi.string().guid().required(), memberId: Joi.string().guid().required() });
const refusal = Joi.object<ImageCallRefusal, true>({
  outcome: Joi.string().valid('refused').required(),
  problem: Joi.string().valid('content', 'post', 'cap', 'abandoned').required(),
  message: Joi.string().required(),
});
/** A candidate as the post stores it in `image_candidates` (the ImageCandidate wire type). */
const candidate = Joi.object<ImageCandidate, true>({
  base_url: Joi.string().required(),
  width: Joi.number().integer().allow(null).required(),
  height: Joi.number().integer().allow(null).required(),
  kind: Joi.string().valid('image', 'document', 'video').required(),
  source: Joi.string().valid('generated', 'upload').required(),
  title: Joi.string(),
  duration_seconds: Joi.number().min(0),
  alt_text: Joi.string(),
  shows_text: Joi.string(),
});

/**
 * A caller waits for these (decision 0006): one attempt (a failure is answered at once, the
 * caller decides), and a finished job stays a few minutes so a caller whose wait ran out can
 * still read its answer.
 */
const CALL_OPTIONS = { attempts: 1, ...KEEP_HISTORY, removeOnComplete: { age: 600, count: 1_000 } };

export const imageCallJobs = {
  /**
   * Makes a staged upload (its image_requests row: storage key, type, title) the post's image or
   * document: checks the file, strips an image's metadata and renders its variants, counts a PDF's
   * pages in a sandbox, then appends the candidates atomically — unless the caller gave up first.
   * The image service's `admitUpload` does it. The name is the job's name in Redis: calls already
   * queued must still be answered by a new worker, so it stays `attach-upload`.
   * Handled by `admitUpload` in services/image/src/domain/calls/admit-upload.ts.
   */
  'attach-upload': defineCall({
    queue: 'image-calls',
    schema: payload,
    result: Joi.alternatives<AttachUploadResult>().try(
      Joi.object<Extract<AttachUploadResult, { outcome: 'attached' }>, true>({
        outcome: Joi.string().valid('attached').required(),
        image_url: Joi.string().required(),
        candidates: Joi.array().items(candidate).min(1).required(),
      }),
      refusal,
    ),
    options: CALL_OPTIONS,
    jobId: ({ imageRequestId }) => `upload-${imageRequestId}`,
  }),
  /**
   * Draws the post's hook over a candidate (its image_requests row names the source file); the answer is the overlay's URL.
   * Handled by `drawOverlay` in services/image/src/domain/calls/draw-overlay.ts.
   */
  'draw-overlay': defineCall({
    queue: 'image-calls',
    schema: payload,
    result: Joi.alternatives<DrawOverlayResult>().try(
      Joi.object<Extract<DrawOverlayResult, { outcome: 'drawn' }>, true>({ outcome: Joi.string().valid('drawn').required(), image_url: Joi.string().required() }),
      refusal,
    ),
    options: CALL_OPTIONS,
    jobId: ({ imageRequestId }) => `overlay-${imageRequestId}`,
  }),
  /**
   * Makes a link card's fetched image (staged by the research worker, which reads pages but
   * decodes no pixels) a JPEG thumbnail of at most 1200 px, or refuses it (`content`: not a
   * raster picture, too many pixels, unreadable). The staged file is removed either way.
   * Handled by `encodeLinkThumbnail` in services/image/src/domain/calls/encode-link-thumbnail.ts.
   */
  'encode-link-thumbnail': defineCall({
    queue: 'image-calls',
    schema: Joi.object<LinkThumbnailPayload, true>({
      postId: Joi.string().guid().required(),
      memberId: Joi.string().guid().required(),
      requestId: Joi.string().guid().required(),
    }),
    result: Joi.alternatives<EncodeLinkThumbnailResult>().try(
      Joi.object<Extract<EncodeLinkThumbnailResult, { outcome: 'encoded' }>, true>({ outcome: Joi.string().valid('encoded').required(), image_url: Joi.string().required() }),
      refusal,
    ),
    options: CALL_OPTIONS,
    jobId: ({ requestId }) => `link-thumbnail-${requestId}`,
  }),
};
