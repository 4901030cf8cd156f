import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeAccount, FakeLinkedInState } from './fake-state.js';
import { readLittleText } from './little-text.js';
import { linkedInError, reply } from './replies.js';

export interface RestRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: Buffer;
  account: FakeAccount;
  baseUrl: string;
}

const personUrn = (account: FakeAccount) => `urn:li:person:${account.sub}`;

const denied = (res: ServerResponse, what: string) =>
  linkedInError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${what}`, 100);

export function createPost(state: FakeLinkedInState, { res, body, account }: RestRequest): { urn: string } | void {
  const post = JSON.parse(body.toString('utf8')) as { author?: string; commentary?: string; content?: { media?: { id?: string } } };
  if (post.author !== personUrn(account)) return denied(res, `partnerApiPostsExternal.CREATE.20260101 as ${post.author}`);
  const commentary = post.commentary ?? '';
  const read = readLittleText(commentary);
  if ('unescaped' in read) {
    return linkedInError(res, 400, 'INVALID_LITTLE_TEXT', `/commentary :: unescaped reserved character '${read.unescaped}' at ${read.at}`);
  }
  if (read.text.length > 3000) return linkedInError(res, 400, 'FIELD_LENGTH_TOO_LONG', '/commentary :: length exceeds 3000');
  const mediaId = post.content?.media?.id;
  if (mediaId) {
    const asset = state.assets.get(mediaId);
    if (!asset) return linkedInError(res, 400, 'INVALID_MEDIA', `/content/media/id :: unknown media ${mediaId}`);
    if (!asset.bytes) return linkedInError(res, 422, 'MEDIA_ASSET_WAITING_UPLOAD', `Media ${mediaId} is waiting for upload`);
  }
  const duplicate = state.livePosts(post.author).find((earlier) => earlier.commentary === commentary);
  if (duplicate) {
    return reply(res, 422, {
      status: 422,
      message: `ERROR :: /commentary :: Content is a duplicate of ${duplicate.urn}`,
      errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST', description: `Content is a duplicate of ${duplicate.urn}`, input: { inputPath: { fieldPath: '/commentary' } } }] },
    });
  }
  const urn = `urn:li:share:${state.nextId()}`;
  state.posts.push({ urn, author: post.author, commentary, text: read.text, content: post.content ?? null, createdAt: new Date(), deleted: false });
  return { urn };
}



export function deletePost(state: FakeLinkedInState, { res, url }: RestRequest): void {
  const urn = decodeURIComponent(url.pathname.slice('/rest/posts/'.length));
  const post = state.livePosts().find((candidate) => candidate.urn === urn);
  if (!post) return linkedInError(res, 404, 'NOT_FOUND', `Post ${urn} does not exist`);
  post.deleted = true;
  reply(res, 204);
}

export function initializeUpload(state: FakeLinkedInState, kind: 'image' | 'document', { res, body, account, baseUrl }: RestRequest): void {
  const request = JSON.parse(body.toString('utf8')) as { initializeUploadRequest?: { owner?: string } };
  if (request.initializeUploadRequest?.owner !== personUrn(account)) return denied(res, `${kind}s.initializeUpload`);
  const id = state.nextId();
  const urn = `urn:li:${kind}:D${id}`;
  state.assets.set(urn, { urn, owner: personUrn(account), kind, bytes: null, contentType: null });
  reply(res, 200, { value: { uploadUrl: `${baseUrl}/upload/${encodeURIComponent(urn)}`, uploadUrlExpiresAt: Date.now() + 3_600_000, [kind]: urn } });
}

export function receiveUpload(state: FakeLinkedInState, { req, res, url, body, account }: RestRequest): void {
  const asset = state.assets.get(decodeURIComponent(url.pathname.slice('/upload/'.length)));
  if (!asset || asset.owner !== personUrn(account)) return linkedInError(res, 404, 'NOT_FOUND', 'unknown upload URL');
  asset.bytes = body;
  asset.contentType = String(req.headers['content-type'] ?? '');
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
