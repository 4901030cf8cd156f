import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, matchReturnUrl, parseAllowedReturnUrl, type AllowedReturnUrl } from '@lps/config';

// LPS_CONNECT_RETURN_URLS: where the OAuth callback may send a member's browser. Every way
// of writing a URL that a browser or a server reads as another place than the one checked
// must be refused (an open redirect would hand the member to a phishing page right after
// they signed in to LinkedIn).

const allowed = (...entries: string[]): AllowedReturnUrl[] => entries.map((entry) => parseAllowedReturnUrl(entry) as AllowedReturnUrl);
const LIST = allowed('https://app.example.com/settings/linkedin', 'http://127.0.0.1:8080');

describe('a return_to on the list', () => {
  it.each([
    ['https://app.example.com/settings/linkedin', 'https://app.example.com/settings/linkedin'],
    ['https://app.example.com/settings/linkedin/', 'https://app.example.com/settings/linkedin/'],
    ['https://app.example.com/settings/linkedin/done?tab=2', 'https://app.example.com/settings/linkedin/done?tab=2'],
    ['https://APP.Example.COM/settings/linkedin', 'https://app.example.com/settings/linkedin'],
    ['https://app.example.com:443/settings/linkedin', 'https://app.example.com/settings/linkedin'],
    ['https://app.example.com/settings/linkedin?next=%2Fhome', 'https://app.example.com/settings/linkedin?next=%2Fhome'],
    ['http://127.0.0.1:8080/anything/at/all', 'http://127.0.0.1:8080/anything/at/all'],
  ])('%s is accepted and the browser is sent to %s', (candidate, sent) => {
    expect(matchReturnUrl(candidate, LIST)?.href).toBe(sent);
  });
});

describe('a return_to that is, or could be read as, somewhere else', () => {
  it.each([
    ['another host', 'https://evil.example.com/settings/linkedin'],
    ['a suffix of the host', 'https://app.example.com.evil.com/settings/linkedin'],
    ['a parent domain', 'https://example.com/settings/linkedin'],
    ['a sub-domain', 'https://x.app.example.com/settings/linkedin'],
    ['a trailing dot', 'https://app.example.com./settings/linkedin'],
    ['userinfo that looks like the host', 'https://app.example.com@evil.com/settings/linkedin'],
    ['userinfo with a password', 'https://app.example.com:pw@evil.com/settings/linkedin'],
    ['userinfo on the right host', 'https://user@app.example.com/settings/linkedin'],
    ['an encoded @ in the authority', 'https://app.example.com%40evil.com/settings/linkedin'],
    ['an encoded dot in the host', 'https://app%2eexample.com/settings/linkedin'],
    ['a backslash after the host', 'https://app.example.com\\@evil.com/settings/linkedin'],
    ['a backslash instead of the slashes', 'https:\\\\evil.com/settings/linkedin'],
    ['a protocol-relative URL', '//evil.com/settings/linkedin'],
    ['a path only', '/settings/linkedin'],
    ['a scheme without slashes', 'https:evil.com/settings/linkedin'],
    ['a scheme with one slash', 'https:/evil.com/settings/linkedin'],
    ['three slashes', 'https:///evil.com/settings/linkedin'],
    ['another port', 'https://app.example.com:8443/settings/linkedin'],
    ['another scheme', 'http://app.example.com/settings/linkedin'],
    ['a port on the loopback entry that differs', 'http://127.0.0.1:8081/'],
    ['javascript:', 'javascript:alert(document.cookie)//https://app.example.com/settings/linkedin'],
    ['javascript: with a tab', 'java\tscript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a look-alike host (IDN, Cyrillic а)', 'https://\u0430pp.example.com/settings/linkedin'],
    ['a punycode look-alike', 'https://xn--pp-8kc.example.com/settings/linkedin'],
    ['a full-width dot', 'https://app\uff0eexample\uff0ecom.evil.com/settings/linkedin'],
    ['a path beside the prefix', 'https://app.example.com/settings/linkedin-evil'],
    ['a parent path', 'https://app.example.com/settings'],
    ['dot segments out of the prefix', 'https://app.example.com/settings/linkedin/../../admin'],
    ['encoded dot segments', 'https://app.example.com/settings/linkedin/%2e%2e/%2e%2e/admin'],
    ['an encoded slash', 'https://app.example.com/settings/linkedin%2f..%2f..%2fadmin'],
    ['an encoded backslash', 'https://app.example.com/settings/linkedin/%5c%5cevil.com'],
    ['an encoded NUL', 'https://app.example.com/settings/linkedin/%00'],
    ['a NUL byte', 'https://app.example.com/settings/linkedin\u0000.evil.com'],
    ['a newline (header injection)', 'https://app.example.com/settings/linkedin\r\nSet-Cookie: x=1'],
    ['leading whitespace', ' https://app.example.com/settings/linkedin'],
    ['a zero-width space', 'https://app.example.com\u200b.evil.com/settings/linkedin'],
    ['a right-to-left override', 'https://app.example.com/settings/linkedin\u202e'],
    ['malformed escapes', 'https://app.example.com/settings/linkedin/%zz%'],
    ['an IPv6 address', 'https://[::1]/settings/linkedin'],
    ['not a URL at all', 'settings'],
    ['the empty string', ''],
    ['2 049 characters', `https://app.example.com/settings/linkedin/${'a'.repeat(2_049)}`],
  ])('%s is refused: %s', (_what, candidate) => {
    expect(matchReturnUrl(candidate, LIST)).toBeUndefined();
  });

  it('an empty list refuses everything', () => {
    expect(matchReturnUrl('https://app.example.com/settings/linkedin', [])).toBeUndefined();
  });
});

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-return-urls-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const LINKEDIN = { LPS_NETWORK: 'linkedin', LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret', LINKEDIN_REDIRECT_URI: 'https://lps.example/callback' };

describe('LPS_CONNECT_RETURN_URLS', () => {
  const load = (value: string) => loadConfig({ LPS_DATA_DIR: dataDir, NODE_ENV: 'test', LPS_CONNECT_RETURN_URLS: value }).network.connect.returnUrls;

  it('is a comma list, normalised once at start (case, default port, IDN, trailing slash)', () => {
    expect(load('https://App.Example.com:443/settings/linkedin/ , http://bücher.example/')).toEqual([
      { origin: 'https://app.example.com', path: '/settings/linkedin' },
      { origin: 'http://xn--bcher-kva.example', path: '/' },
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'https://user:pw@app.example.com',
    'https://app.example.com/?next=x',
    'https://app.example.com/#x',
    '/relative',
    'https://app.example.com/a%2fb',
  ])('refuses %s at start, naming the variable', (value) => {
    expect(() => load(value)).toThrow(/LPS_CONNECT_RETURN_URLS/);
  });

  it('unset with LinkedIn: self-service connection is off (an empty list)', () => {
    expect(loadConfig({ LPS_DATA_DIR: dataDir, NODE_ENV: 'test', ...LINKEDIN }).network.connect.returnUrls).toEqual([]);
  });

  it("unset in the sandbox: any page of the service's own origin (PUBLIC_BASE_URL, else http://127.0.0.1:$PORT; decision 0028)", () => {
    expect(loadConfig({ LPS_DATA_DIR: dataDir, NODE_ENV: 'test' }).network.connect.returnUrls).toEqual([{ origin: 'http://127.0.0.1:3000', path: '/' }]);
    expect(loadConfig({ LPS_DATA_DIR: dataDir, NODE_ENV: 'test', PORT: '8080' }).network.connect.returnUrls).toEqual([{ origin: 'http://127.0.0.1:8080', path: '/' }]);
    const behindProxy = loadConfig({ LPS_DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://lps.example.com/base/' });
    expect(behindProxy.network.connect.returnUrls).toEqual([{ origin: 'https://lps.example.com', path: '/' }]);
    // Set, the list is the operator's alone, in the sandbox too.
    expect(loadConfig({ LPS_DATA_DIR: dataDir, NODE_ENV: 'test', LPS_CONNECT_RETURN_URLS: 'https://app.example.com/x' }).network.connect.returnUrls).toEqual([
      { origin: 'https://app.example.com', path: '/x' },
    ]);
  });
});

describe('LPS_CONNECTION_WARNING_DAYS', () => {
  const load = (value?: string) => loadConfig({ NODE_ENV: 'test', LPS_DATA_DIR: dataDir, ...(value ? { LPS_CONNECTION_WARNING_DAYS: value } : {}) }).network.connect.warningDays;
  it('defaults to 7 and 1, and keeps a list most distant first without repeats', () => {
    expect(load()).toEqual([7, 1]);
    expect(load('1, 14,7,7')).toEqual([14, 7, 1]);
  });
  it.each(['0', '1.5', ',', 'seven', '400'])('refuses %s', (value) => {
    expect(() => load(value)).toThrow(/LPS_CONNECTION_WARNING_DAYS/);
  });
});
