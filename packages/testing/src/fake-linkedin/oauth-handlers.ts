import type { ServerResponse } from 'node:http';
import type { FakeAccount, FakeApp, FakeLinkedInState, FakeOperation } from './fake-state.js';
import { idTokenFor, type OidcKeys } from './oidc.js';
import { linkedInError, reply } from './replies.js';

/**
 * LinkedIn's OAuth 2.0 endpoints as documented ("Authorization Code Flow (3-legged
 * OAuth)", "Refresh Tokens with OAuth 2.0"): the token exchange authenticates the app
 * by its client secret and accepts a code only with the exact redirect_uri of its
 * authorize request; apps enabled for programmatic refresh tokens get one and may use
 * grant_type=refresh_token. Error bodies are OAuth's `{error, error_description}`.
 */

/** The scopes an endpoint needs (any one of them), as LinkedIn's permission pages list them. */
const REQUIRED_SCOPES: Partial<Record<FakeOperation, string[]>> = {
  'posts.create': ['w_member_social'],
  // Reading posts back is r_member_social: restricted, a private permission (Posts API page).
  'posts.get': ['r_member_social'],
  'posts.delete': ['w_member_social'],
  'images.init': ['w_member_social'],
  'documents.init': ['w_member_social'],
  // Videos API page: w_member_social uploads a member's videos; integrators poll the status with the same token.
  'videos.init': ['w_member_social'],
  'videos.finalize': ['w_member_social'],
  'videos.get': ['w_member_social'],
  analytics: ['r_member_postAnalytics'],
  userinfo: ['openid'],
};

/** The resource names LinkedIn quotes in its 403 "Not enough permissions to access: …" body. */
const RESOURCE_NAMES: Partial<Record<FakeOperation, string>> = {
  'posts.create': 'partnerApiPostsExternal.CREATE.20260101',
  'posts.get': 'partnerApiPostsExternal.GET.20260101',
  'posts.delete': 'partnerApiPostsExternal.DELETE.20260101',
  'images.init': 'images.ACTION.20260101',
  'documents.init': 'documents.ACTION.20260101',
  'videos.init': 'videos.ACTION.20260101',
  'videos.finalize': 'videos.ACTION.20260101',
  'videos.get': 'videos.GET.20260101',
  analytics: 'memberCreatorPostAnalytics.FINDER-entity.20260101',
  userinfo: 'userinfo.GET.NO_VERSION',
};

/** LinkedIn's 403 when the token lacks the endpoint's scope; true when it answered. */
export function lacksScope(res: ServerResponse, operation: FakeOperation, account: FakeAccount): boolean {
  const needed = REQUIRED_SCOPES[operation];
  if (!needed || needed.some((scope) => account.scopes.includes(scope))) return false;
  linkedInError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${RESOURCE_NAMES[operation] ?? operation}`, 100);
  return true;
}

const oauthError = (res: ServerResponse, status: number, error: string, description: string) => reply(res, status, { error, error_description: description });

function tokenAnswer(res: ServerResponse, account: FakeAccount, idToken?: string): void {
  const seconds = (date: Date) => Math.max(0, Math.floor((date.getTime() - Date.now()) / 1000));
  reply(res, 200, {
    access_token: account.accessToken,
    expires_in: seconds(account.expiresAt),
    scope: account.scopes.join(','),
    ...(idToken ? { id_token: idToken } : {}),
    ...(account.refreshToken && account.refreshExpiresAt ? { refresh_token: account.refreshToken, refresh_token_expires_in: seconds(account.refreshExpiresAt) } : {}),
  });
}

/** The client authentication every grant starts with; the app when it passes. */
function authenticatedApp(state: FakeLinkedInState, res: ServerResponse, form: URLSearchParams, required: string[]): FakeApp | undefined {
  const missing = required.find((name) => !form.get(name));
  if (missing) return void oauthError(res, 400, 'invalid_request', `A required parameter "${missing}" is missing`);
  const app = state.apps.get(form.get('client_id') as string);
  if (!app || app.clientSecret !== form.get('client_secret')) return void oauthError(res, 401, 'invalid_client', 'Client authentication failed');
  return app;
}

/** POST /oauth/v2/accessToken; with `openid` granted, the answer carries an ID token signed by `oidc`. */
export async function exchangeToken(state: FakeLinkedInState, res: ServerResponse, body: Buffer, oidc: { keys: OidcKeys; baseUrl: string }): Promise<void> {
  const form = new URLSearchParams(body.toString('utf8'));
  const grant = form.get('grant_type');
  if (grant === 'refresh_token') return refreshGrant(state, res, form);
  if (grant !== 'authorization_code') return oauthError(res, 400, 'unsupported_grant_type', `Grant type ${grant ?? ''} is not supported`);
  const app = authenticatedApp(state, res, form, ['code', 'redirect_uri', 'client_id', 'client_secret']);
  if (!app) return;
  const code = state.codes.get(form.get('code') as string);
  if (!code || code.clientId !== app.clientId || code.redirectUri !== form.get('redirect_uri') || code.expiresAt.getTime() <= Date.now()) {
    return oauthError(
      res,
      400,
      'invalid_request',
      'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
    );
  }
  state.codes.delete(form.get('code') as string);
  const account = state.accounts.get(code.accessToken) as FakeAccount;
  const fault = state.idTokenFault;
  state.idTokenFault = undefined;
  tokenAnswer(res, account, account.scopes.includes('openid') ? await idTokenFor(oidc.keys, oidc.baseUrl, account, code.nonce, fault) : undefined);
}

function refreshGrant(state: FakeLinkedInState, res: ServerResponse, form: URLSearchParams): void {
  const app = authenticatedApp(state, res, form, ['refresh_token', 'client_id', 'client_secret']);
  if (!app) return;
  const account = state.accountByRefreshToken(form.get('refresh_token') as string);
  if (!account || account.clientId !== app.clientId || account.invalid === 65601 || (account.refreshExpiresAt?.getTime() ?? 0) <= Date.now()) {
    return oauthError(res, 400, 'invalid_grant', 'The provided authorization grant is invalid, expired, or revoked');
  }
  tokenAnswer(res, state.refreshAccount(account));
}

/**
 * GET /oauth/v2/authorization: the browser step. The signed-in person (`state.browserPerson`)
 * approves and LinkedIn redirects to redirect_uri with a code and the state; a scope the
 * app's products do not include is refused with `unauthorized_scope_error`, as LinkedIn does.
 */
export function authorize(state: FakeLinkedInState, res: ServerResponse, url: URL): void {
  const query = url.searchParams;
  const app = state.apps.get(query.get('client_id') ?? '');
  const redirectUri = query.get('redirect_uri') ?? '';
  if (query.get('response_type') !== 'code' || !app || !app.redirectUris.includes(redirectUri)) {
    return reply(res, 400, 'The redirect_uri does not match the registered value', { 'content-type': 'text/plain' });
  }
  const back = new URL(redirectUri);
  if (query.get('state')) back.searchParams.set('state', query.get('state') as string);
  const scopes = (query.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
  const unauthorized = scopes.find((scope) => !app.allowedScopes.includes(scope));
  if (state.browserAnswer === 'cancel') {
    back.searchParams.set('error', 'user_cancelled_login');
    back.searchParams.set('error_description', 'The user cancelled LinkedIn login');
  } else if (unauthorized || scopes.length === 0) {
    back.searchParams.set('error', 'unauthorized_scope_error');
    back.searchParams.set('error_description', `Scope "${unauthorized ?? ''}" is not authorized for your application`);
  } else {
    const nonce = query.get('nonce') ?? undefined;
    back.searchParams.set('code', state.issueCode({ ...state.browserPerson, scopes, clientId: app.clientId, redirectUri, ...(nonce ? { nonce } : {}) }));
  }
  reply(res, 302, undefined, { location: back.toString() });
}
