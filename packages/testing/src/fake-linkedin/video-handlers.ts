import { createHash, randomBytes } from 'node:crypto';
import type { FakeLinkedInState, FakeVideoPart } from './fake-state.js';
import { mediaStatusOf } from './fake-state.js';
import { linkedInError, reply } from './replies.js';
import type { RestRequest } from './rest-handlers.js';

/**
 * LinkedIn's Videos API as its page ("Videos API", Community Management) and the
 * integrators who follow it describe the flow:
 * 1. `POST /rest/videos?action=initializeUpload` with
 *    `{initializeUploadRequest: {owner, fileSizeBytes, uploadCaptions, uploadThumbnail}}`
 *    → `{value: {uploadUrlsExpireAt, video: "urn:li:video:…", uploadInstructions:
 *    [{uploadUrl, firstByte, lastByte}], uploadToken}}`: one instruction per part of
 *    up to 4 MB, byte ranges inclusive and contiguous.
 * 2. One `PUT uploadUrl` per instruction with exactly those bytes
 *    (`application/octet-stream`); the answer's `ETag` header names the part.
 * 3. `POST /rest/videos?action=finalizeUpload` with
 *    `{finalizeUploadRequest: {video, uploadToken, uploadedPartIds: [ETags in order]}}`.
 * 4. `GET /rest/videos/{encoded urn}` → `status`: WAITING_UPLOAD, PROCESSING,
 *    AVAILABLE or PROCESSING_FAILED; a post may name the video once AVAILABLE.
 * Limits (Videos API page, integrators' media guides): MP4, at most 500 MB
 * (UNSURE: some guides say 200 MB; the 75 KB minimum some quote is not enforced here).
 * UNSURE: the exact error codes for a bad finalize and a too-large file; whether
 * the part PUT must carry the bearer token (LinkedIn's sample sends none; the fake
 * accepts either, as the upload URL is itself signed).
 */

export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

const personUrn = (request: RestRequest) => `urn:li:person:${request.account.sub}`;

export function initializeVideoUpload(state: FakeLinkedInState, request: RestRequest): void {
  const { res, body, uploadBaseUrl } = request;
  const init = (JSON.parse(body.toString('utf8')) as { initializeUploadRequest?: { owner?: string; fileSizeBytes?: unknown } }).initializeUploadRequest;
  if (init?.owner !== personUrn(request)) return linkedInError(res, 403, 'ACCESS_DENIED', 'Not enough permissions to access: videos.ACTION.20260101', 100);
  const size = init.fileSizeBytes;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0)
    return linkedInError(res, 400, 'INVALID_PARAM', '/initializeUploadRequest/fileSizeBytes :: a positive integer is required');
  if (size > VIDEO_MAX_BYTES) return linkedInError(res, 400, 'FILE_SIZE_TOO_LARGE', `/initializeUploadRequest/fileSizeBytes :: ${size} exceeds ${VIDEO_MAX_BYTES}`);
  const urn = `urn:li:video:C${state.nextId()}`;
  const uploadToken = size > state.videoPartBytes ? randomBytes(12).toString('base64url') : '';
  const parts: FakeVideoPart[] = [];
  for (let first = 0, index = 0; first < size; first += state.videoPartBytes, index += 1) {
    const last = Math.min(first + state.videoPartBytes, size) - 1;
    parts.push({ uploadUrl: `${uploadBaseUrl}/dms-uploads/video/${encodeURIComponent(urn)}/${index}?ut=${randomBytes(6).toString('hex')}`, firstByte: first, lastByte: last });
  }
  if (state.failNextVideoProcessing) {
    state.failingVideos.add(urn);
    state.failNextVideoProcessing = false;
  }
  state.assets.set(urn, {
    urn,
    owner: personUrn(request),
    kind: 'video',
    bytes: null,
    contentType: null,
    availableAt: null,
    video: { fileSizeBytes: size, uploadToken, parts, finalized: false },
  });
  reply(res, 200, {
    value: {
      uploadUrlsExpireAt: Date.now() + 86_400_000,
      video: urn,
      uploadInstructions: parts.map(({ uploadUrl, firstByte, lastByte }) => ({ uploadUrl, firstByte, lastByte })),
      uploadToken,
    },
  });
}

/** `PUT` of one part on the upload host: exactly the instruction's byte range, answered with its ETag. */
export function receiveVideoPart(state: FakeLinkedInState, { res, url, body }: RestRequest): void {
  const [, , , encodedUrn, indexText] = url.pathname.split('/');
  const asset = state.assets.get(decodeURIComponent(encodedUrn ?? ''));
  const part = asset?.video?.parts[Number(indexText)];
  if (!asset?.video || !part || url.search !== new URL(part.uploadUrl).search) return linkedInError(res, 404, 'NOT_FOUND', 'unknown upload URL');
  const expected = part.lastByte - part.firstByte + 1;
  if (body.length !== expected) return linkedInError(res, 400, 'INVALID_PART', `part of ${body.length} bytes, expected ${expected} (bytes ${part.firstByte}-${part.lastByte})`);
  part.etag = `/ambry-video/signedId/${createHash('sha256').update(body).digest('base64url').slice(0, 24)}`;
  reply(res, 200, undefined, { etag: part.etag });
}

export function finalizeVideoUpload(state: FakeLinkedInState, request: RestRequest): void {
  const { res, body } = request;
  const finalize = (JSON.parse(body.toString('utf8')) as { finalizeUploadRequest?: { video?: string; uploadToken?: string; uploadedPartIds?: unknown } }).finalizeUploadRequest;
  const asset = finalize?.video ? state.assets.get(finalize.video) : undefined;
  if (!asset?.video || asset.owner !== personUrn(request)) return linkedInError(res, 404, 'NOT_FOUND', `Video ${String(finalize?.video)} does not exist`);
  const upload = asset.video;
  if ((finalize?.uploadToken ?? '') !== upload.uploadToken)
    return linkedInError(res, 400, 'INVALID_UPLOAD_TOKEN', '/finalizeUploadRequest/uploadToken :: does not match the upload');
  const quoted = Array.isArray(finalize?.uploadedPartIds) ? (finalize?.uploadedPartIds as unknown[]) : [];
  const missing = upload.parts.findIndex((part, index) => !part.etag || quoted[index] !== part.etag);
  if (missing >= 0 || quoted.length !== upload.parts.length) {
    return linkedInError(res, 400, 'INCOMPLETE_UPLOAD', `/finalizeUploadRequest/uploadedPartIds :: part ${missing >= 0 ? missing : quoted.length} is missing or its ETag differs`);
  }
  upload.finalized = true;
  asset.contentType = 'video/mp4';
  asset.availableAt = Date.now() + state.videoProcessingMs;
  if (state.failingVideos.has(asset.urn)) asset.failure = 'the video could not be transcoded';
  reply(res, 200);
}

/** `GET /rest/videos/{encoded urn}`: the video's status (and, once failed, why). */
export function getVideo(state: FakeLinkedInState, request: RestRequest): void {
  const { res, url } = request;
  const urn = decodeURIComponent(url.pathname.slice('/rest/videos/'.length));
  const asset = state.assets.get(urn);
  if (!asset || asset.kind !== 'video' || asset.owner !== personUrn(request)) return linkedInError(res, 404, 'NOT_FOUND', `Video ${urn} does not exist`);
  const status = mediaStatusOf(asset);
  reply(res, 200, {
    id: urn,
    owner: asset.owner,
    status,
    ...(status === 'PROCESSING_FAILED' ? { processingFailureReason: asset.failure } : {}),
  });
}
