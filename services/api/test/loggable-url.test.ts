import type { Request } from 'express';
import { loggableUrl } from '../src/http/loggable-url.js';

const url = (originalUrl: string) => loggableUrl({ originalUrl } as Request);

describe('URLs in log lines', () => {
  it('hide the OAuth callback’s code and state, whatever the case or order', () => {
    expect(url('/oauth/linkedin/callback?code=AQT-secret&state=s1.sig')).toBe('/oauth/linkedin/callback?code=[redacted]&state=[redacted]');
    expect(url('/oauth/linkedin/callback?State=x&error=user_cancelled&CODE=y')).toBe('/oauth/linkedin/callback?State=[redacted]&error=user_cancelled&CODE=[redacted]');
    expect(url('/cb?%63ode=encoded-name')).toBe('/cb?%63ode=[redacted]');
  });

  it('keep everything else, and survive malformed escapes', () => {
    expect(url('/api/v1/posts?status=draft_saved&limit=20')).toBe('/api/v1/posts?status=draft_saved&limit=20');
    expect(url('/api/v1/posts/%E0%A4%A?%=1&access_token=t')).toBe('/api/v1/posts/%E0%A4%A?%=1&access_token=[redacted]');
    expect(url('/health')).toBe('/health');
  });
});
