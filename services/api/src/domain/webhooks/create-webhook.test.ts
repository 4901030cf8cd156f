import { Keyring } from '@lps/crypto';
import type { Repositories, WebhookEndpoint } from '@lps/db';
import { createWebhook, MAX_ENDPOINTS_PER_MEMBER } from './create-webhook.js';
import { linkedInTestConfig, refusalOf } from '@lps/testing';

// POST /webhooks with its repository functions in memory: the per-member cap and the check
// of where the URL points, without PostgreSQL (the journey through it is in
// webhook-endpoints.test.ts). URLs are IP literals: no DNS is asked.

const KEY = '5f'.repeat(32);
const keyring = new Keyring(KEY);
const configWith = (allowPrivateUrls: boolean) => linkedInTestConfig({ LPS_ENCRYPTION_KEY: KEY, LPS_ALLOW_PRIVATE_URLS: allowPrivateUrls ? '1' : '0' });

const MEMBER = '00000000-0000-4000-8000-0000000000a1';
const PUBLIC_URL = 'https://93.184.216.34/hooks/lps';
const PRIVATE_URL = 'http://127.0.0.1:9/hooks/lps';

type NewEndpoint = Parameters<Repositories['insertEndpointWithinCap']>[0];

/** createWebhook's declared needs: `existing` endpoints counted; `capFilledMeanwhile`: the locked insert finds the cap reached. */
function depsWith({ existing = 0, allowPrivateUrls = false, capFilledMeanwhile = false } = {}) {
  const inserts: Array<{ data: NewEndpoint; max: number }> = [];
  const deps = {
    repos: {
      // Typed as Prisma's own promise: the use case only awaits it.
      countEndpoints: (async () => existing) as unknown as Repositories['countEndpoints'],
      insertEndpointWithinCap: async (data: NewEndpoint, max: number): Promise<WebhookEndpoint | null> => {
        inserts.push({ data, max });
        if (capFilledMeanwhile) return null;
        return { id: 'endpoint-1', ...data, isActive: true, disabledReason: null, createdAt: new Date(), updatedAt: new Date() };
      },
    },
    config: configWith(allowPrivateUrls),
    keyring,
  };
  return { deps, inserts };
}

const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code, error.message]);

describe('createWebhook, with its repositories in memory', () => {
  it('stores the endpoint with its events once each and its secret encrypted; the secret is answered once', async () => {
    const { deps, inserts } = depsWith();
    const answer = await createWebhook(deps, MEMBER, { url: PUBLIC_URL, events: ['post.published', 'idea.created', 'post.published'] });
    expect(inserts).toEqual([
      { data: { memberId: MEMBER, url: PUBLIC_URL, events: ['post.published', 'idea.created'], secretEnc: expect.any(String) }, max: MAX_ENDPOINTS_PER_MEMBER },
    ]);
    expect(answer.secret).toMatch(/^whsec_/);
    expect(keyring.decrypt(inserts[0]?.data.secretEnc ?? '')).toBe(answer.secret);
    expect(JSON.stringify(answer.endpoint)).not.toContain(answer.secret);
  });

  it(`refuses an endpoint beyond the member's ${MAX_ENDPOINTS_PER_MEMBER} (422) before looking at the URL, and writes nothing`, async () => {
    const { deps, inserts } = depsWith({ existing: MAX_ENDPOINTS_PER_MEMBER });
    expect(await refusal(createWebhook(deps, MEMBER, { url: PRIVATE_URL, events: ['post.published'] }))).toEqual([
      422,
      'unprocessable',
      expect.stringContaining(`at most ${MAX_ENDPOINTS_PER_MEMBER} webhook endpoints`),
    ]);
    expect(inserts).toEqual([]);
  });

  it('refuses a URL on a private address (422) unless the operator allows private URLs', async () => {
    const refused = depsWith();
    expect(await refusal(createWebhook(refused.deps, MEMBER, { url: PRIVATE_URL, events: ['post.published'] }))).toEqual([
      422,
      'unprocessable',
      expect.stringContaining('private, loopback or link-local'),
    ]);
    expect(refused.inserts).toEqual([]);

    const allowed = depsWith({ allowPrivateUrls: true });
    expect((await createWebhook(allowed.deps, MEMBER, { url: PRIVATE_URL, events: ['post.published'] })).endpoint.url).toBe(PRIVATE_URL);
  });

  it('answers 422 when other requests filled the cap between the count and the locked insert', async () => {
    const { deps, inserts } = depsWith({ existing: MAX_ENDPOINTS_PER_MEMBER - 1, capFilledMeanwhile: true });
    expect((await refusal(createWebhook(deps, MEMBER, { url: PUBLIC_URL, events: ['post.published'] })))?.slice(0, 2)).toEqual([422, 'unprocessable']);
    expect(inserts).toHaveLength(1);
  });
});
