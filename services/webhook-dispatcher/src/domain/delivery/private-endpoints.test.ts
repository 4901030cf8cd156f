import type { Logger } from '@lps/logger';
import { warnAboutPrivateEndpoints } from './private-endpoints.js';

// The start-up check of endpoints that lead to private addresses, with its repository function,
// resolver and logger in memory: what is looked up, what is said, and what is never said.

function depsWith(endpoints: Array<{ id: string; url: string }>, privateHosts: string[]) {
  const warnings: Array<{ message: string; fields: unknown }> = [];
  const looked: string[] = [];
  const deps = {
    repos: { listActiveEndpointTargets: async () => endpoints },
    isPrivateHost: async (host: string) => (looked.push(host), privateHosts.includes(host)),
    log: { warn: (message: string, fields?: unknown) => void warnings.push({ message, fields }) } as unknown as Logger,
  };
  return { deps, warnings, looked };
}

describe('warnAboutPrivateEndpoints', () => {
  it('says how many endpoints lead to a private address, names the setting and gives their ids, never their URLs', async () => {
    const { deps, warnings } = depsWith(
      [
        { id: 'e1', url: 'http://127.0.0.1:9000/hooks/secret-token-1' },
        { id: 'e2', url: 'https://hooks.example.com/in' },
        { id: 'e3', url: 'http://127.0.0.1:9000/hooks/secret-token-2' },
      ],
      ['127.0.0.1'],
    );
    expect(await warnAboutPrivateEndpoints(deps)).toEqual(['e1', 'e3']);
    expect(warnings).toEqual([
      {
        message:
          '2 active webhook endpoints (e1, e3) lead to a private or loopback address: their deliveries are refused and stay pending while LPS_ALLOW_PRIVATE_URLS is not 1. Set LPS_ALLOW_PRIVATE_URLS=1 (local development only) or give them public URLs.',
        fields: { endpoints: 2 },
      },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/secret-token|hooks\//);
  });

  it('looks each host up once, and says nothing when no endpoint is private', async () => {
    const { deps, warnings, looked } = depsWith(
      Array.from({ length: 30 }, (_, n) => ({ id: `e${n}`, url: `https://receiver-${n % 3}.example.com/in/${n}` })),
      [],
    );
    expect(await warnAboutPrivateEndpoints(deps)).toEqual([]);
    expect(looked.sort()).toEqual(['receiver-0.example.com', 'receiver-1.example.com', 'receiver-2.example.com']);
    expect(warnings).toEqual([]);
  });

  it('lists five ids at most, and counts them all', async () => {
    const { deps, warnings } = depsWith(
      Array.from({ length: 7 }, (_, n) => ({ id: `e${n}`, url: `http://10.0.0.${n}/in` })),
      Array.from({ length: 7 }, (_, n) => `10.0.0.${n}`),
    );
    await warnAboutPrivateEndpoints(deps);
    expect(warnings[0]?.message).toMatch(/^7 active webhook endpoints \(e0, e1, e2, e3, e4, …\) lead to/);
  });
});
