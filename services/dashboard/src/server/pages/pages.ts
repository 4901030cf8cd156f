import type { Response } from 'express';
import { html, sendPage } from './html.js';

export function notFoundPage(res: Response, path: string): void {
  sendPage(
    res,
    404,
    'Page not found',
    html`<h1>Page not found</h1>
      <p>There is no page at <code>${path.slice(0, 200)}</code>.</p>
      <p><a href="/">Go to the dashboard</a></p>`,
  );
}

/** The server runs but the web app was never built into dist/web (a source checkout before `npm run build`). */
export function notBuiltPage(res: Response): void {
  res.setHeader('Retry-After', '30');
  sendPage(
    res,
    503,
    'The dashboard is not built',
    html`<h1>The dashboard's web app is not built</h1>
      <p>This lps serves its API (<a href="/api/v1/health">/api/v1</a>), but the dashboard's pages were not built into <code>services/dashboard/dist/web</code>.</p>
      <p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>`,
  );
}

/** Plain HTTP to a host whose browser drops Secure cookies: a sign-in would loop, so it is not started (docs/dashboard.md). */
export function insecureHttpPage(res: Response, host: string): void {
  sendPage(
    res,
    400,
    'Sign-in needs HTTPS here',
    html`<h1>Sign-in needs HTTPS on this address</h1>
      <p>
        You opened this dashboard over plain HTTP at <code>${host}</code>. Browsers keep the secure session cookie over plain HTTP only for <code>localhost</code> and
        <code>127.0.0.1</code>, so signing in here would bring you straight back to this page.
      </p>
      <p>
        What to do: serve lps over HTTPS (a TLS proxy or ingress in front of it, passing <code>X-Forwarded-Proto: https</code>), or, on the machine lps runs on, open it as
        <code>http://127.0.0.1:&lt;port&gt;/</code> or <code>http://localhost:&lt;port&gt;/</code>.
      </p>`,
    { signIn: true },
  );
}
