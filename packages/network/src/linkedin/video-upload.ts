import { sleep } from '@lps/common';
import { NetworkError } from '../network-error.js';
import type { MediaStatus, VideoSource } from '../network.js';
import { parseJson, type LinkedInHttp } from './linkedin-http.js';

/**
 * LinkedIn's Videos API (Community Management, "Videos API"): initializeUpload
 * with the file's size → upload instructions (byte ranges, one URL each) → one
 * PUT per instruction, keeping each answer's ETag → finalizeUpload with the
 * ETags in order. The video is then PROCESSING until AVAILABLE (or
 * PROCESSING_FAILED); `GET /rest/videos/{urn}` says which.
 */

interface UploadInstruction {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
}

interface InitializedUpload {
  video: string;
  uploadToken: string;
  instructions: UploadInstruction[];
}

const STATUSES: MediaStatus[] = ['WAITING_UPLOAD', 'PROCESSING', 'AVAILABLE', 'PROCESSING_FAILED'];

/** The instructions must cover the file exactly, in order: anything else would finalize a broken video. */
function checkedInstructions(value: unknown, sizeBytes: number): UploadInstruction[] {
  const instructions = Array.isArray(value) ? (value as Partial<UploadInstruction>[]) : [];
  let next = 0;
  for (const part of instructions) {
    const valid = typeof part.uploadUrl === 'string' && part.firstByte === next && Number.isSafeInteger(part.lastByte) && (part.lastByte as number) >= next;
    if (!valid) throw new NetworkError('retryable', 'LinkedIn video upload instructions do not cover the file in order');
    next = (part.lastByte as number) + 1;
  }
  if (instructions.length === 0 || next !== sizeBytes) throw new NetworkError('retryable', `LinkedIn video upload instructions cover ${next} of ${sizeBytes} bytes`);
  return instructions as UploadInstruction[];
}

async function initialize(http: LinkedInHttp, token: string, owner: string, sizeBytes: number): Promise<InitializedUpload> {
  const request = { initializeUploadRequest: { owner, fileSizeBytes: sizeBytes, uploadCaptions: false, uploadThumbnail: false } };
  const answer = parseJson<{ value?: { video?: string; uploadToken?: string; uploadInstructions?: unknown } }>(
    await http.rest('POST', 'videos?action=initializeUpload', token, request),
  );
  const video = answer.value?.video;
  if (!video?.startsWith('urn:li:video:')) throw new NetworkError('retryable', 'LinkedIn initializeUpload for videos answered without a video URN');
  return { video, uploadToken: answer.value?.uploadToken ?? '', instructions: checkedInstructions(answer.value?.uploadInstructions, sizeBytes) };
}

/** A part whose PUT failed is sent again to the same URL (valid until uploadUrlsExpireAt) after these pauses. */
const PART_RETRY_WAITS_MS = [500, 2_000];

/**
 * One part: exactly its byte range, answered with the ETag finalizeUpload must
 * quote (as sent: integrators strip quotes, LinkedIn's sample shows none). The
 * upload URL is signed: LinkedIn's sample PUTs it with the content type alone,
 * no bearer token and no Rest.li headers. A part that fails with a retryable
 * error is sent again in place; a part refused (4xx) fails the upload.
 */
async function uploadPart(http: LinkedInHttp, part: UploadInstruction, source: VideoSource): Promise<string> {
  const bytes = await source.readRange(part.firstByte, part.lastByte);
  if (bytes.length !== part.lastByte - part.firstByte + 1)
    throw new NetworkError('permanent', `the video source gave ${bytes.length} bytes for ${part.firstByte}-${part.lastByte}`);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await http.send('PUT', part.uploadUrl, { 'Content-Type': 'application/octet-stream' }, bytes);
      const etag = answer.headers.etag;
      if (typeof etag !== 'string' || etag === '') throw new NetworkError('retryable', `LinkedIn answered the upload of bytes ${part.firstByte}-${part.lastByte} without an ETag`);
      return etag;
    } catch (error) {
      const wait = PART_RETRY_WAITS_MS[attempt];
      if (wait === undefined || !(error instanceof NetworkError) || !error.retryable) {
        throw error instanceof NetworkError
          ? new NetworkError(error.kind, `LinkedIn refused the video part of bytes ${part.firstByte}-${part.lastByte}: ${error.message}`, {
              status: error.status,
              code: error.code,
              uncertain: error.uncertain,
              cause: error,
            })
          : error;
      }
      await sleep(wait);
    }
  }
}

/** Uploads the whole video and finalizes it; returns its URN (PROCESSING from then on). */
export async function uploadVideo(http: LinkedInHttp, token: string, owner: string, source: VideoSource): Promise<string> {
  const upload = await initialize(http, token, owner, source.sizeBytes);
  const uploadedPartIds: string[] = [];
  // One part at a time, in order: a part is a few megabytes, and only one is in memory.
  for (const part of upload.instructions) uploadedPartIds.push(await uploadPart(http, part, source));
  await http.rest('POST', 'videos?action=finalizeUpload', token, { finalizeUploadRequest: { video: upload.video, uploadToken: upload.uploadToken, uploadedPartIds } });
  return upload.video;
}

export async function videoStatus(http: LinkedInHttp, token: string, urn: string): Promise<MediaStatus> {
  const answer = parseJson<{ status?: string }>(await http.rest('GET', `videos/${encodeURIComponent(urn)}`, token));
  const status = STATUSES.find((known) => known === answer.status);
  if (!status) throw new NetworkError('retryable', `LinkedIn answered an unknown video status ${String(answer.status)} for ${urn}`);
  return status;
}
