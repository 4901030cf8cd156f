import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  apiPort,
  createTestMember,
  createTestPost,
  createTestRuntime,
  readBody,
  repoRoot,
  startFakeLinkedIn,
  startLoopbackServer,
  startServiceProcess,
  waitFor,
  type FakeLinkedIn,
  type LoopbackServer,
  type TestRuntime,
} from '@lps/testing';

const run = promisify(execFile);

let test: TestRuntime;
let fake: FakeLinkedIn;
let receiver: LoopbackServer;
const received: string[] = [];

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  test = await createTestRuntime({ ...fake.env });
  receiver = await startLoopbackServer(async (req, res) => {
    received.push((await readBody(req)).toString());
    res.writeHead(204).end();
  });
});
afterAll(async () => {
  await receiver.close();
  await fake.close();
  await test.cleanup();
});

describe('logs of a full run', () => {
  it('never contain the API key, the webhook secret, the network token or the client secret, and carry ids', async () => {
    const env = {
      ...fake.env,
      DATABASE_URL: test.runtime.config.database.url,
      LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
      LPS_ALLOW_PRIVATE_URLS: '1',
      LPS_WEBHOOK_RETRY_SCHEDULE: '200ms',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
    };
    const lps = startServiceProcess('services/all/dist/main.js', env);
    try {
      const base = `http://127.0.0.1:${await apiPort(lps)}`;
      await lps.waitForLine(/^lps started$/);
      const member = await createTestMember(test.runtime, { displayName: 'Grace' });
      const call = async (method: string, path: string, body?: object) => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: member.auth, 'content-type': 'application/json', 'x-request-id': `redaction-${method}-${path.length}` },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: (await response.json().catch(() => null)) as any };
      };

      // Connect through the real CLI and OAuth callback: the token only ever travels encrypted or to LinkedIn.
      const connect = await run(process.execPath, [join(repoRoot, 'packages/cli/dist/main.js'), 'member', 'connect', member.memberId, '--json'], {
        env: { ...process.env, ...env },
      });
      const state = new URL(JSON.parse(connect.stdout).authorize_url).searchParams.get('state') as string;
      const code = fake.state.issueCode({ sub: 'grace', name: 'Grace Hopper', scopes: ['openid', 'profile', 'w_member_social'] });
      const token = fake.state.codes.get(code)?.accessToken as string;
      expect((await fetch(`${base}/oauth/linkedin/callback?code=${code}&state=${encodeURIComponent(state)}`)).status).toBe(200);
      // The analytics app's grant, through its own link, LinkedIn's authorize step (the fake's) and the same callback.
      const linkAnalytics = await run(process.execPath, [join(repoRoot, 'packages/cli/dist/main.js'), 'member', 'connect', member.memberId, '--analytics', '--json'], {
        env: { ...process.env, ...env },
      });
      fake.state.browserPerson = { sub: 'grace', name: 'Grace Hopper' };
      const approved = await fetch(JSON.parse(linkAnalytics.stdout).authorize_url, { redirect: 'manual' });
      const analyticsCallback = new URL(approved.headers.get('location') as string);
      const analyticsCode = analyticsCallback.searchParams.get('code') as string;
      const analyticsToken = fake.state.codes.get(analyticsCode)?.accessToken as string;
      expect((await fetch(`${base}${analyticsCallback.pathname}${analyticsCallback.search}`)).status).toBe(200);
      // A callback that fails (the state is single-use) is logged, without its code or state.
      const replayedCode = fake.state.issueCode({ name: 'Grace Hopper', scopes: ['openid', 'profile', 'w_member_social'] });
      expect((await fetch(`${base}/oauth/linkedin/callback?code=${replayedCode}&state=${encodeURIComponent(state)}`)).status).toBeGreaterThanOrEqual(400);

      const webhook = await call('POST', '/api/v1/webhooks', { url: `${receiver.url}/hook`, events: ['post.published'] });
      expect(webhook.status).toBe(201);
      const secret: string = webhook.body.secret;
      const post = await createTestPost(test.runtime, member.memberId, { body: 'Logging without leaking: what we redact and why.' });
      expect((await call('POST', `/api/v1/posts/${post.id}/publish`)).status).toBe(202);
      await waitFor(() => received.length > 0, { timeoutMs: 30_000, what: 'the post.published delivery' });
      expect((await call('GET', `/api/v1/posts/${post.id}/analytics`)).status).toBe(200);
      expect((await call('GET', '/api/v1/me')).status).toBe(200);
      lps.child.kill('SIGTERM');
      expect(await lps.exited).toBe(0);

      const output = lps.output();
      expect(output.length).toBeGreaterThan(2_000);
      for (const [what, value] of [
        ['API key', member.apiKey],
        ['webhook secret', secret],
        ['webhook secret body', secret.slice('whsec_'.length)],
        ['network access token', token],
        ['analytics access token', analyticsToken],
        ['OAuth authorization code', code],
        ['OAuth authorization code of the analytics app', analyticsCode],
        ['OAuth authorization code of a failed callback', replayedCode],
        ['OAuth state', state],
        ['LinkedIn client secret', fake.env.LINKEDIN_CLIENT_SECRET as string],
        ['LinkedIn analytics client secret', fake.env.LINKEDIN_ANALYTICS_CLIENT_SECRET as string],
      ] as const) {
        expect([what, output.includes(value)]).toEqual([what, false]);
      }
      // Every line is JSON with the service; request and job ids appear where known.
      expect(lps.lines.every((line) => typeof line.service === 'string' && typeof line.level === 'string')).toBe(true);
      expect(lps.lines.some((line) => String(line.request_id ?? '').startsWith('redaction-') && line.member_id === member.memberId)).toBe(true);
      expect(lps.lines.some((line) => typeof line.job_id === 'string' && String(line.job_id).startsWith('publish-'))).toBe(true);
      // The publish job's lines carry the id of the request that asked for it.
      const publishRequestId = `redaction-POST-${`/api/v1/posts/${post.id}/publish`.length}`;
      expect(lps.lines.some((line) => line.job_id === `publish-${post.id}` && line.request_id === publishRequestId)).toBe(true);
    } finally {
      if (lps.child.exitCode === null) lps.child.kill('SIGKILL');
    }
  }, 90_000);
});
