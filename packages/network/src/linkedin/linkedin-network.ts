import { sleep } from '@lps/common';
import { assertCommentaryFits } from '../commentary-length.js';
import { NetworkError } from '../network-error.js';
import {
  postUrl,
  type MediaStatus,
  type Network,
  type NetworkAccount,
  type NetworkIdentity,
  type OwnPostCheck,
  type PostMetrics,
  type PublishedPost,
  type PublishRequest,
  type VideoSource,
} from '../network.js';
import { analyticsEntity, countOf, METRIC_TYPES, metricsFrom, type MetricType } from './analytics.js';
import { LinkedInHttp, parseJson } from './linkedin-http.js';
import { postContent } from './post-content.js';
import type { LinkedInSettings, NetworkLogger } from './settings.js';
import { uploadVideo, videoStatus } from './video-upload.js';

// Repeating a create is safe when the first one certainly created nothing: media LinkedIn was still processing
// (422, nothing created), or a connection that was never made (refused, no route, no DNS: nothing was sent).
const CREATE_REPEAT_WAITS_MS = [500, 1_000, 2_000, 4_000];
const safeToRepeat = (error: unknown) => error instanceof NetworkError && (error.code === 'MEDIA_ASSET_WAITING_UPLOAD' || error.code === 'MEDIA_ASSET_PROCESSING' || error.notSent);

const tokenOf = (account: NetworkAccount): string => {
  if (!account.accessToken) throw new NetworkError('unauthorized', 'the member has no LinkedIn access token: connect them first');
  return account.accessToken;
};

/** LPS_NETWORK=linkedin: the real REST API (shared/notes/linkedin-api.md). */
export class LinkedInNetwork implements Network {
  readonly mode = 'linkedin' as const;
  private readonly http: LinkedInHttp;

  constructor(settings: LinkedInSettings, logger?: NetworkLogger) {
    this.http = new LinkedInHttp(settings, logger);
  }

  /** Sends `request.commentary` exactly as given: it is made once, by `composeCommentary` (decision 0032). */
  async publishPost(account: NetworkAccount, request: PublishRequest): Promise<PublishedPost> {
    assertCommentaryFits(request.commentary);
    const content = postContent(request);
    const post = {
      author: account.personUrn,
      commentary: request.commentary,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(content ? { content } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    };
    const response = await this.createPost(tokenOf(account), post);
    const urn = String(response.headers['x-restli-id'] ?? response.headers['x-linkedin-id'] ?? '');
    if (!urn.startsWith('urn:li:')) {
      // Published, but we cannot name it: retrying would answer "duplicate of urn:…", which names it.
      throw new NetworkError('retryable', `LinkedIn answered ${response.status} without an x-restli-id header`, { uncertain: true });
    }
    return { urn, url: postUrl(urn) };
  }

  uploadImage(account: NetworkAccount, bytes: Buffer, contentType: string): Promise<string> {
    return this.upload(account, 'images', 'image', bytes, contentType);
  }

  uploadDocument(account: NetworkAccount, bytes: Buffer): Promise<string> {
    return this.upload(account, 'documents', 'document', bytes, 'application/pdf');
  }

  uploadVideo(account: NetworkAccount, video: VideoSource): Promise<string> {
    return uploadVideo(this.http, tokenOf(account), account.personUrn, video);
  }

  videoStatus(account: NetworkAccount, urn: string): Promise<MediaStatus> {
    return videoStatus(this.http, tokenOf(account), urn);
  }

  async deletePost(account: NetworkAccount, urn: string): Promise<void> {
    try {
      await this.http.rest('DELETE', `posts/${encodeURIComponent(urn)}`, tokenOf(account));
    } catch (error) {
      // A second delete may answer 404: the post is gone either way.
      if (!(error instanceof NetworkError && error.status === 404)) throw error;
    }
  }

  postAnalytics(account: NetworkAccount, urn: string): Promise<PostMetrics> {
    return this.metrics(account, `q=entity&entity=${analyticsEntity(urn)}`);
  }

  memberTotals(account: NetworkAccount): Promise<PostMetrics> {
    return this.metrics(account, 'q=me');
  }

  async identity(account: NetworkAccount): Promise<NetworkIdentity> {
    const response = await this.http.send('GET', `${this.http.settings.apiBaseUrl}/v2/userinfo`, { Authorization: `Bearer ${tokenOf(account)}` });
    const info = parseJson<{ sub?: string; name?: string; email?: string; picture?: string }>(response);
    if (!info.sub) throw new NetworkError('permanent', 'LinkedIn userinfo carries no sub');
    return { personUrn: `urn:li:person:${info.sub}`, name: info.name ?? null, email: info.email ?? null, picture: info.picture ?? null };
  }

  async checkOwnPost(account: NetworkAccount, urn: string, commentary: string): Promise<OwnPostCheck> {
    let response;
    try {
      response = await this.http.rest('GET', `posts/${encodeURIComponent(urn)}`, tokenOf(account));
    } catch (error) {
      if (error instanceof NetworkError && error.status === 404) return { verdict: 'gone' };
      throw error;
    }
    const post = parseJson<{ author?: string; commentary?: string; createdAt?: number }>(response);
    if (post.author !== account.personUrn) return { verdict: 'not ours', reason: `its author is ${post.author ?? 'unknown'}, not ${account.personUrn}` };
    if (post.commentary !== commentary) return { verdict: 'not ours', reason: "its commentary differs from this post's body" };
    // The Posts API answers createdAt in milliseconds since the epoch.
    return Number.isSafeInteger(post.createdAt) ? { verdict: 'ours', createdAt: new Date(post.createdAt as number) } : { verdict: 'ours' };
  }

  private async createPost(token: string, post: Record<string, unknown>) {
    for (const wait of CREATE_REPEAT_WAITS_MS) {
      try {
        return await this.http.rest('POST', 'posts', token, post);
      } catch (error) {
        if (!safeToRepeat(error)) throw error;
        await sleep(wait);
      }
    }
    return this.http.rest('POST', 'posts', token, post);
  }

  /** LinkedIn has no client reference: recovery relies on its duplicate-post answer instead. */
  async findByReference(): Promise<PublishedPost | undefined> {
    return undefined;
  }

  private async upload(account: NetworkAccount, resource: 'images' | 'documents', field: 'image' | 'document', bytes: Buffer, contentType: string) {
    const token = tokenOf(account);
    const init = parseJson<{ value?: { uploadUrl?: string; image?: string; document?: string } }>(
      await this.http.rest('POST', `${resource}?action=initializeUpload`, token, { initializeUploadRequest: { owner: account.personUrn } }),
    );
    const uploadUrl = init.value?.uploadUrl;
    const urn = init.value?.[field];
    if (!uploadUrl || !urn) throw new NetworkError('retryable', `LinkedIn initializeUpload for ${resource} answered without uploadUrl/${field}`);
    await this.http.send('PUT', uploadUrl, { Authorization: `Bearer ${token}`, 'Content-Type': contentType }, bytes);
    return urn;
  }

  private async metrics(account: NetworkAccount, query: string): Promise<PostMetrics> {
    const token = tokenOf(account);
    const counts = {} as Record<MetricType, number>;
    for (const type of METRIC_TYPES) {
      const response = await this.http.rest('GET', `memberCreatorPostAnalytics?${query}&queryType=${type}&aggregation=TOTAL`, token);
      counts[type] = countOf(parseJson(response), type);
    }
    return metricsFrom(counts);
  }
}
