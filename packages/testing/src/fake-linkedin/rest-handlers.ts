import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeAccount, FakeLinkedInState } from './fake-state.js';
import { imageFailure } from './image-pixels.js';
import { readLittleText } from './little-text.js';
import { contentProblem, type PostContent } from './post-content.js';
import { linkedInError, reply } from './replies.js';

export interface RestRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  account: FakeAccount;
  uploadBaseUrl: string;
}

const personUrn = (account: FakeAccount) => `urn:li:person:${account.sub}`;

const denied = (res: ServerResponse, what: string) => linkedInError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${what}`, 100);

export function createPost(state: FakeLinkedInState, { res, body, account }: RestRequest): { urn: string } | void {
  const post = JSON.parse(body.toString('utf8')) as { author?: string; commentary?: string; content?: PostContent };
  if (post.author !== personUrn(account)) return denied(res, `partnerApiPostsExternal.CREATE.20260101 as ${post.author}`);
  const commentary = post.commentary ?? '';
  const read = readLittleText(commentary);
  if (read.text.length > 3000) return linkedInError(res, 400, 'FIELD_LENGTH_TOO_LONG', '/commentary :: length exceeds 3000');
  const problem = contentProblem(state, post.content, post.author);
  if (problem) return linkedInError(res, ...problem);
  // LinkedIn compares with the author's recent posts, deleted ones included: a deleted post's URN can come back ("ghost").
  const duplicate = state.posts.find((earlier) => earlier.author === post.author && earlier.commentary === commentary);
  if (duplicate) {
    return reply(res, 422, {
      status: 422,
      message: `ERROR :: /commentary :: Content is a duplicate of ${duplicate.urn}`,
      errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST', description: `Content is a duplicate of ${duplicate.urn}`, input: { inputPath: { fieldPath: '/commentary' } } }] },
    });
  }
  // Video posts come back as ugcPost URNs, the others as share URNs (integrators' reports; UNSURE for documents).
  const kind = typeof post.content?.media?.id === 'string' && post.content.media.id.startsWith('urn:li:video:') ? 'ugcPost' : 'share';
  const urn = `urn:li:${kind}:${state.nextPostId()}`;
  const { text, hashtags, mentions } = read;
  state.posts.push({ urn, author: post.author, commentary, text, hashtags, mentions, content: post.content ?? null, createdAt: new Date(), deleted: false });
  return { urn };
}

const postOf = (state: FakeLinkedInState, url: URL) => {
  const urn = decodeURIComponent(url.pathname.slice('/rest/posts/'.length));
  return { urn, post: state.livePosts().find((candidate) => candidate.urn === urn) };
};

/**
 * GET /rest/posts/{encoded urn}: the Posts API's post; 404 once deleted. Reading
 * a member's posts needs r_member_social (a private, restricted permission on
 * LinkedIn's Posts API page), and then only the member's own posts.
 */
export function getPost(state: FakeLinkedInState, { res, url, account }: RestRequest): void {
  const { urn, post } = postOf(state, url);
  if (!post) return linkedInError(res, 404, 'NOT_FOUND', `Post ${urn} does not exist`);
  if (post.author !== personUrn(account)) return denied(res, `partnerApiPostsExternal.GET.20260101 for ${urn}`);
  reply(res, 200, {
    id: post.urn,
    author: post.author,
    commentary: post.commentary,
    visibility: 'PUBLIC',
    lifecycleState: 'PUBLISHED',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(post.content ? { content: post.content } : {}),
    createdAt: post.createdAt.getTime(),
    publishedAt: post.createdAt.getTime(),
    lastModifiedAt: post.createdAt.getTime(),
    isReshareDisabledByAuthor: false,
  });
}

export function deletePost(state: FakeLinkedInState, { res, url }: RestRequest): void {
  const { urn, post } = postOf(state, url);
  if (!post) return linkedInError(res, 404, 'NOT_FOUND', `Post ${urn} does not exist`);
  post.deleted = true;
  reply(res, 204);
}

/** `uploadUrl` points at the fake's upload host, as LinkedIn's point at www.linkedin.com/dms-uploads, not at the API. */
export function initializeUpload(state: FakeLinkedInState, kind: 'image' | 'document', { res, body, account, uploadBaseUrl }: RestRequest): void {
  const request = JSON.parse(body.toString('utf8')) as { initializeUploadRequest?: { owner?: string } };
  if (request.initializeUploadRequest?.owner !== personUrn(account)) return denied(res, `${kind}s.initializeUpload`);
  const id = state.nextId();
  const urn = `urn:li:${kind}:D${id}`;
  state.assets.set(urn, { urn, owner: personUrn(account), kind, bytes: null, contentType: null, availableAt: null });
  reply(res, 200, { value: { uploadUrl: `${uploadBaseUrl}/dms-uploads/${encodeURIComponent(urn)}`, uploadUrlExpiresAt: Date.now() + 3_600_000, [kind]: urn } });
}

export function receiveUpload(state: FakeLinkedInState, { req, res, url, body, account }: RestRequest): void {
  const asset = state.assets.get(decodeURIComponent(url.pathname.slice('/dms-uploads/'.length)));
  if (!asset || asset.owner !== personUrn(account)) return linkedInError(res, 404, 'NOT_FOUND', 'unknown upload URL');
  asset.bytes = body;
  asset.contentType = String(req.headers['content-type'] ?? '');
  asset.availableAt = Date.now() + state.mediaProcessingMs;
  if (asset.kind === 'image') asset.failure = imageFailure(body);
  reply(res, 201);
}

export function analytics(state: FakeLinkedInState, { res, url, account }: RestRequest): void {
  const type = url.searchParams.get('queryType') as 'IMPRESSION' | 'MEMBERS_REACHED' | 'REACTION' | 'COMMENT' | 'RESHARE';
  if (!['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE'].includes(type)) {
    return linkedInError(res, 400, 'INVALID_PARAM', `queryType ${type} is not valid`);
  }
  const metricType = state.metricTypeShape === 'string' ? type : { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': type };
  const q = url.searchParams.get('q');
  let urns: string[];
  if (q === 'me') {
    urns = state.livePosts(personUrn(account)).map((post) => post.urn);
  } else {
    const entity = /^\((share|ugc):(urn:li:(?:share|ugcPost):[^)]+)\)$/.exec(url.searchParams.get('entity') ?? '');
    if (q !== 'entity' || !entity) return linkedInError(res, 400, 'INVALID_PARAM', 'entity must be (share:<urn>) or (ugc:<urn>)');
    urns = [entity[2] as string];
  }
  const count = urns.reduce((sum, urn) => sum + (state.metrics.get(urn)?.[type] ?? 0), 0);
  reply(res, 200, { paging: { start: 0, count: 10, links: [] }, elements: [{ count, metricType, ...(q === 'entity' ? { targetEntity: { share: urns[0] } } : {}) }] });
}
