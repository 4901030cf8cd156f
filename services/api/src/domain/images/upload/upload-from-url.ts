import type { Readable } from 'node:stream';
import { isAppError, isBehindPace, type BodyPace } from '@lps/common';
import { isPrivateAddressRefusal } from '@lps/outbound';
import type { OutsideClients } from '../../../outside-clients.js';
import type { Needs } from '../../deps.js';
import { getOwnedPost } from '../../posts/find-post.js';
import { assertImagesAllowed } from '../../posts/post-states.js';
import { attachUpload } from './attach-upload.js';
import { stageUpload } from './stage-upload.js';
import { describeBytes, largestOf, URL_LIMITS, uploadProblem, withVideo, type UploadLimits } from './upload-limits.js';

/** Why a fetch failed, in words a client can act on. */
function fetchFailure(error: unknown): string {
  if (isPrivateAddressRefusal(error))
    return 'image_url leads to a private or local address, which the service does not fetch (LPS_ALLOW_PRIVATE_URLS=1 allows it, for local development)';
  const code = (error as { code?: string }).code;
  if (code === 'ETIMEDOUT') return 'image_url did not answer in time';
  if (code === SENT_TOO_SLOWLY) return 'image_url sent its file too slowly';
  if (code === 'ERR_TOO_MANY_REDIRECTS') return 'image_url redirects too many times';
  return `image_url could not be fetched (${(error as Error).message})`;
}

const SENT_TOO_SLOWLY = 'LPS_SENT_TOO_SLOWLY';

/**
 * The client bounds the wait for the head and each silence; this bounds the
 * transfer by its pace (the same rule as bodies sent to us), so a 500 MB video
 * from a fast server is fetched whole and a server dripping bytes is cut.
 */
function keepToPace(stream: ReturnType<OutsideClients['uploadClient']['stream']>, pace: BodyPace): void {
  const startedAt = Date.now();
  let transferred = 0;
  stream.on('downloadProgress', (progress: { transferred: number }) => (transferred = progress.transferred));
  const timer = setInterval(() => {
    if (!isBehindPace(transferred, Date.now() - startedAt, pace)) return;
    clearInterval(timer);
    stream.destroy(Object.assign(new Error('image_url sent its file too slowly'), { code: SENT_TOO_SLOWLY }));
  }, 1_000);
  timer.unref();
  const stop = () => clearInterval(timer);
  stream.once('end', stop);
  stream.once('close', stop);
  stream.once('error', stop);
}

/** Opens the body stream once the response head has arrived, refusing non-2xx answers and declared oversize. */
function openBody(deps: Needs<never, 'clients' | 'config'>, url: string, limits: UploadLimits): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const stream = deps.clients.uploadClient.stream(url);
    const { storage, http } = deps.config;
    keepToPace(stream, { graceMs: storage.uploadFetchTimeoutMs, minBytesPerSecond: http.timeouts.minBodyBytesPerSecond });
    stream.once('error', reject);
    stream.once('response', (response: { statusCode: number; headers: Record<string, string | undefined> }) => {
      const declared = Number(response.headers['content-length'] ?? 0);
      if (response.statusCode < 200 || response.statusCode > 299) {
        stream.destroy();
        reject(uploadProblem('image_url', `image_url answered HTTP ${response.statusCode}`));
      } else if (declared > largestOf(limits)) {
        stream.destroy();
        reject(uploadProblem('image_url', `image_url is larger than ${describeBytes(largestOf(limits))}`));
      } else {
        resolve(stream);
      }
    });
  });
}

/** The URL's last path segment, decoded when it decodes: the name a fetched PDF is titled with. */
function fileNameOf(url: string): string | undefined {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * POST /images/upload with JSON {image_url}: the service fetches the URL
 * through the outbound guard (no private addresses, every redirect checked,
 * time-out), streaming it with the 5 MB cap; then the same checks as a file.
 */
export async function uploadImageFromUrl(
  deps: Needs<'createImageCallRequest' | 'abandonImageCall' | 'findImageRequest' | 'readOwnedPost', 'calls' | 'config' | 'request' | 'clients'>,
  memberId: string,
  postId: string,
  input: { image_url: string; alt_text?: string | null },
) {
  // Existence and state first: nothing is fetched for a post that cannot take it.
  assertImagesAllowed(await getOwnedPost(deps, memberId, postId), 'upload an image to');
  let staged;
  try {
    // Videos (decision 0021) by URL too: streamed to storage like a file, at LPS_HTTP_MIN_BODY_RATE or faster past LPS_UPLOAD_FETCH_TIMEOUT.
    const limits = withVideo(URL_LIMITS, deps.config.images.videoMaxBytes);
    const body = await openBody(deps, input.image_url, limits);
    staged = await stageUpload(deps.clients.storage, { memberId, postId, field: 'image_url', name: fileNameOf(input.image_url) }, body, limits);
  } catch (error) {
    if (isAppError(error)) throw error;
    throw uploadProblem('image_url', fetchFailure(error));
  }
  return attachUpload(deps, memberId, postId, staged, 'image_url', input.alt_text);
}
