import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLoopbackServer } from '../http-server.js';
import { ANALYTICS_APP, FakeLinkedInState, SHARE_APP, type FakeOperation } from './fake-state.js';
import { linkedInError, reply } from './replies.js';
import { authorize, exchangeToken, lacksScope } from './oauth-handlers.js';
import { createOidcKeys, discovery, jwks } from './oidc.js';
import { analytics, createPost, deletePost, getPost, initializeUpload, receiveUpload, type RestRequest } from './rest-handlers.js';
import { finalizeVideoUpload, getVideo, initializeVideoUpload, receiveVideoPart } from './video-handlers.js';

export interface FakeLinkedIn {
  state: FakeLinkedInState;
  /** LINKEDIN_API_BASE_URL for the client (the fake serves /rest, /v2 and /oauth/v2). */
  url: string;
  /** Where upload URLs point: another host (127.0.0.2), as LinkedIn's upload URLs are not on api.linkedin.com. */
  uploadUrl: string;
  oauthBaseUrl: string;
  /** Environment that points a runtime at this fake with LPS_NETWORK=linkedin. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function operationOf(method: string, path: string, url: URL, uploadHost: boolean): FakeOperation | undefined {
  if (uploadHost) return method === 'PUT' && path.startsWith('/dms-uploads/') ? 'upload' : undefined;
  if (method === 'POST' && path === '/rest/posts') return 'posts.create';
  if (method === 'GET' && path.startsWith('/rest/posts/')) return 'posts.get';
  if (method === 'DELETE' && path.startsWith('/rest/posts/')) return 'posts.delete';
  if (method === 'POST' && path === '/rest/images' && url.searchParams.get('action') === 'initializeUpload') return 'images.init';
  if (method === 'POST' && path === '/rest/documents' && url.searchParams.get('action') === 'initializeUpload') return 'documents.init';
  if (method === 'POST' && path === '/rest/videos' && url.searchParams.get('action') === 'initializeUpload') return 'videos.init';
  if (method === 'POST' && path === '/rest/videos' && url.searchParams.get('action') === 'finalizeUpload') return 'videos.finalize';
  if (method === 'GET' && path.startsWith('/rest/videos/')) return 'videos.get';
  if (method === 'GET' && path === '/rest/memberCreatorPostAnalytics') return 'analytics';
  if (method === 'GET' && path === '/v2/userinfo') return 'userinfo';
  if (method === 'POST' && path === '/oauth/v2/accessToken') return 'token';
  if (method === 'GET' && path === '/oauth/v2/authorization') return 'authorize';
  if (method === 'GET' && path === '/oauth/.well-known/openid-configuration') return 'discovery';
  if (method === 'GET' && path === '/oauth/openid/jwks') return 'jwks';
  return undefined;
}

/** Checks LinkedIn's versioning and Rest.li headers the way the real API does. */
function headerProblem(state: FakeLinkedInState, req: IncomingMessage, res: ServerResponse): boolean {
  const version = req.headers['linkedin-version'];
  if (!version) {
    linkedInError(res, 400, 'VERSION_MISSING', 'A version must be present. Please specify a version by adding the LinkedIn-Version header.');
    return true;
  }
  if (!/^\d{6}$/.test(String(version)) || state.retiredVersions.has(String(version))) {
    linkedInError(res, 426, 'NONEXISTENT_VERSION', `Requested version ${String(version)} is not active`);
    return true;
  }
  if (req.headers['x-restli-protocol-version'] !== '2.0.0') {
    linkedInError(res, 400, 'INVALID_PROTOCOL_VERSION', 'X-Restli-Protocol-Version 2.0.0 is required');
    return true;
  }
  return false;
}

function bearerAccount(state: FakeLinkedInState, req: IncomingMessage, res: ServerResponse) {
  const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
  const account = token ? state.accounts.get(token) : undefined;
  if (!account) return void linkedInError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
  if (account.invalid === 65601) return void linkedInError(res, 401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601);
  if (account.invalid === 65602 || account.expiresAt.getTime() <= Date.now())
    return void linkedInError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65602);
  return account;
}

/** The account that owns the video a signed part URL belongs to. */
function videoOwner(state: FakeLinkedInState, url: URL) {
  const urn = decodeURIComponent(url.pathname.split('/')[3] ?? '');
  const owner = state.assets.get(urn)?.owner;
  return [...state.accounts.values()].find((account) => `urn:li:person:${account.sub}` === owner);
}

/**
 * A fake LinkedIn on loopback that answers in the real API's shapes (errors
 * included): OAuth (authorize, code and refresh grants), /v2/userinfo, /rest/posts (text, media with
 * altText, multiImage, article), image and document uploads, the Videos API (initializeUpload, one PUT
 * per part, finalizeUpload, status), memberCreatorPostAnalytics. `state.failNext` scripts failures.
 */
export async function startFakeLinkedIn(): Promise<FakeLinkedIn> {
  const state = new FakeLinkedInState();
  const oidcKeys = await createOidcKeys();
  let baseUrl = '';
  let uploadBaseUrl = '';
  const handle = (uploadHost: boolean) => async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    state.requests.push({ method, path: `${url.pathname}${url.search}`, headers: req.headers, host: uploadHost ? 'upload' : 'api' });
    const operation = operationOf(method, url.pathname, url, uploadHost);
    if (!operation) return linkedInError(res, 404, 'NOT_FOUND', `No resource at ${method} ${url.pathname}`);
    if (operation === 'token') return exchangeToken(state, res, body, { keys: oidcKeys, baseUrl });
    if (operation === 'discovery') return discovery(res, baseUrl);
    if (operation === 'jwks') return jwks(res, oidcKeys);
    if (operation === 'authorize') return authorize(state, res, url);
    if (url.pathname.startsWith('/rest/') && headerProblem(state, req, res)) return;
    // A video part's upload URL is signed by LinkedIn: its PUT needs no bearer token (Videos API sample; UNSURE whether one is refused).
    const signedPart = operation === 'upload' && url.pathname.startsWith('/dms-uploads/video/') && !req.headers.authorization;
    const account = signedPart ? videoOwner(state, url) : bearerAccount(state, req, res);
    if (signedPart && !account) return linkedInError(res, 404, 'NOT_FOUND', 'unknown upload URL');
    if (!account || lacksScope(res, operation, account)) return;
    const script = state.takeScript(operation);
    if (script?.reset) return void req.socket.destroy();
    if (script?.status) return reply(res, script.status, script.body);
    const request: RestRequest = { req, res, url, body, account, uploadBaseUrl };
    switch (operation) {
      case 'posts.create': {
        const created = createPost(state, request);
        if (!created) return;
        if (script?.hangAfterSuccessMs) await sleep(script.hangAfterSuccessMs);
        if (script?.resetAfterSuccess) return void req.socket.destroy();
        return reply(res, 201, undefined, { 'x-restli-id': created.urn });
      }
      case 'posts.delete':
        return deletePost(state, request);
      case 'posts.get':
        return getPost(state, request);
      case 'images.init':
        return initializeUpload(state, 'image', request);
      case 'documents.init':
        return initializeUpload(state, 'document', request);
      case 'videos.init':
        return initializeVideoUpload(state, request);
      case 'videos.finalize':
        return finalizeVideoUpload(state, request);
      case 'videos.get':
        return getVideo(state, request);
      case 'upload':
        return url.pathname.startsWith('/dms-uploads/video/') ? receiveVideoPart(state, request) : receiveUpload(state, request);
      case 'analytics':
        return analytics(state, request);
      case 'userinfo':
        return reply(res, 200, {
          sub: account.sub,
          name: account.name,
          email: account.email,
          email_verified: true,
          picture: account.picture ?? null,
          locale: { country: 'US', language: 'en' },
        });
    }
  };
  const server = await startLoopbackServer(handle(false));
  baseUrl = server.url;
  const uploads = await startLoopbackServer(handle(true), '127.0.0.2');
  uploadBaseUrl = uploads.url;
  return {
    state,
    url: server.url,
    uploadUrl: uploads.url,
    oauthBaseUrl: `${server.url}/oauth/v2`,
    env: {
      LPS_NETWORK: 'linkedin',
      LINKEDIN_CLIENT_ID: SHARE_APP.clientId,
      LINKEDIN_CLIENT_SECRET: SHARE_APP.clientSecret,
      LINKEDIN_REDIRECT_URI: SHARE_APP.redirectUris[0] as string,
      LINKEDIN_ANALYTICS_CLIENT_ID: ANALYTICS_APP.clientId,
      LINKEDIN_ANALYTICS_CLIENT_SECRET: ANALYTICS_APP.clientSecret,
      LINKEDIN_API_BASE_URL: server.url,
      LINKEDIN_OAUTH_BASE_URL: `${server.url}/oauth/v2`,
      LINKEDIN_OIDC_ISSUER: `${server.url}/oauth`,
      LINKEDIN_API_VERSION: '202601',
    },
    close: async () => void (await Promise.all([server.close(), uploads.close()])),
  };
}
