import { ConfigError, loadConfig } from '@lps/config';
import { LinkedInNetwork, LinkedInOAuth, NetworkError } from '@lps/network';
import { ANALYTICS_APP, SHARE_APP, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';

// The fake's OAuth follows LinkedIn's "Authorization Code Flow (3-legged OAuth)" and
// "Refresh Tokens with OAuth 2.0" pages, not our client: these pin what it refuses.

let fake: FakeLinkedIn;
const settings = (overrides: Record<string, string> = {}) => loadConfig({ ...fake.env, ...overrides }).network.linkedin;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as NetworkError,
  );

beforeAll(async () => {
  fake = await startFakeLinkedIn();
});
afterAll(async () => fake.close());

describe('token exchange (grant_type=authorization_code)', () => {
  it('answers the token, its lifetime (60 days) and the granted scopes', async () => {
    const tokens = await new LinkedInOAuth(settings()).exchangeCode(fake.state.issueCode());
    expect(tokens).toMatchObject({ expiresInSeconds: expect.any(Number), scopes: SHARE_APP.defaultScopes, refreshToken: null });
    expect(Math.abs(tokens.expiresInSeconds - 60 * 86_400)).toBeLessThan(5);
  });

  it('a wrong client secret is 401 invalid_client', async () => {
    const error = await failureOf(new LinkedInOAuth(settings({ LINKEDIN_CLIENT_SECRET: 'not-the-secret' })).exchangeCode(fake.state.issueCode()));
    expect([error.status, error.message]).toEqual([401, expect.stringContaining('Client authentication failed')]);
  });

  it("a redirect_uri other than the authorize request's (even a trailing slash) is 400 and the code stays unspent", async () => {
    const code = fake.state.issueCode();
    const error = await failureOf(new LinkedInOAuth(settings({ LINKEDIN_REDIRECT_URI: `${SHARE_APP.redirectUris[0]}/` })).exchangeCode(code));
    expect([error.status, error.message]).toEqual([400, expect.stringContaining('redirect uri')]);
    const issued = fake.state.codes.get(code)?.accessToken;
    expect((await new LinkedInOAuth(settings()).exchangeCode(code)).accessToken).toBe(issued);
  });

  it('a code issued to the other app, a spent code and an expired code are refused', async () => {
    const analyticsCode = fake.state.issueCode({ clientId: ANALYTICS_APP.clientId });
    expect((await failureOf(new LinkedInOAuth(settings()).exchangeCode(analyticsCode))).status).toBe(400);
    const code = fake.state.issueCode();
    await new LinkedInOAuth(settings()).exchangeCode(code);
    expect((await failureOf(new LinkedInOAuth(settings()).exchangeCode(code))).status).toBe(400);
    const stale = fake.state.issueCode();
    fake.state.codes.get(stale)!.expiresAt = new Date(Date.now() - 1);
    expect((await failureOf(new LinkedInOAuth(settings()).exchangeCode(stale))).status).toBe(400);
  });

  it('the analytics app exchanges its own code with its own credentials', async () => {
    const tokens = await new LinkedInOAuth(settings(), 'analytics').exchangeCode(fake.state.issueCode({ clientId: ANALYTICS_APP.clientId }));
    expect(tokens.scopes).toEqual(['r_member_postAnalytics']);
    expect(fake.state.accounts.get(tokens.accessToken)?.clientId).toBe(ANALYTICS_APP.clientId);
  });

  it('without LINKEDIN_ANALYTICS_CLIENT_ID the analytics app cannot be used, saying which variables are missing', () => {
    const { LINKEDIN_ANALYTICS_CLIENT_ID: _id, LINKEDIN_ANALYTICS_CLIENT_SECRET: _secret, ...shareOnly } = fake.env;
    const bare = loadConfig(shareOnly).network.linkedin;
    expect(bare.analyticsApp).toBeUndefined();
    expect(() => new LinkedInOAuth(bare, 'analytics').authorizeUrl('s')).toThrow(/LINKEDIN_ANALYTICS_CLIENT_ID/);
  });
});

describe('LINKEDIN_ANALYTICS_* configuration', () => {
  it('a client id without its secret fails the start naming the variable; the redirect URI defaults to LINKEDIN_REDIRECT_URI', () => {
    const { LINKEDIN_ANALYTICS_CLIENT_SECRET: _secret, ...withoutSecret } = fake.env;
    expect(() => loadConfig(withoutSecret)).toThrow(ConfigError);
    expect(() => loadConfig(withoutSecret)).toThrow(/LINKEDIN_ANALYTICS_CLIENT_SECRET/);
    expect(settings().analyticsApp).toEqual({
      clientId: ANALYTICS_APP.clientId,
      clientSecret: ANALYTICS_APP.clientSecret,
      redirectUri: fake.env.LINKEDIN_REDIRECT_URI,
      scopes: ['r_member_postAnalytics'],
    });
  });
});

describe('refresh tokens (grant_type=refresh_token)', () => {
  afterEach(() => {
    fake.state.apps.get(SHARE_APP.clientId)!.refreshTokens = false;
  });

  it("only an app enabled for them gets one; a refresh answers a new 60-day token and keeps the refresh token's end", async () => {
    fake.state.apps.get(SHARE_APP.clientId)!.refreshTokens = true;
    const oauth = new LinkedInOAuth(settings());
    const first = await oauth.exchangeCode(fake.state.issueCode());
    expect(first.refreshToken).toMatch(/^AQR/);
    expect(Math.abs((first.refreshExpiresInSeconds as number) - 365 * 86_400)).toBeLessThan(5);
    const renewed = await oauth.refresh(first.refreshToken as string);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.refreshExpiresInSeconds).toBeLessThanOrEqual(first.refreshExpiresInSeconds as number);
    expect(fake.state.accounts.get(renewed.accessToken)?.sub).toBe(fake.state.accounts.get(first.accessToken)?.sub);
  });

  it("an unknown refresh token or another app's credentials are refused", async () => {
    fake.state.apps.get(SHARE_APP.clientId)!.refreshTokens = true;
    const first = await new LinkedInOAuth(settings()).exchangeCode(fake.state.issueCode());
    expect((await failureOf(new LinkedInOAuth(settings()).refresh('AQRnot-a-token'))).status).toBe(400);
    expect((await failureOf(new LinkedInOAuth(settings(), 'analytics').refresh(first.refreshToken as string))).status).toBe(400);
  });
});

describe('scopes and expiry on the API', () => {
  it("/v2/userinfo needs openid: the analytics app's token gets LinkedIn's 403 ACCESS_DENIED", async () => {
    const network = new LinkedInNetwork(settings());
    const reader = fake.state.addAccount({ clientId: ANALYTICS_APP.clientId });
    const error = await failureOf(network.identity({ memberId: 'm', personUrn: reader.personUrn, accessToken: reader.accessToken }));
    expect([error.status, error.code, error.serviceErrorCode]).toEqual([403, 'ACCESS_DENIED', 100]);
  });

  it('a token past its 60 days is 401 with serviceErrorCode 65602: the member must reconnect', async () => {
    const account = fake.state.addAccount();
    fake.state.accounts.get(account.accessToken)!.expiresAt = new Date(Date.now() - 1);
    const error = await failureOf(
      new LinkedInNetwork(settings()).publishPost({ memberId: 'm', personUrn: account.personUrn, accessToken: account.accessToken }, { commentary: 'late', reference: 'late' }),
    );
    expect([error.kind, error.status, error.serviceErrorCode]).toEqual(['unauthorized', 401, 65602]);
  });
});
