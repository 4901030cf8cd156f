/**
 * A browser's side of HTTP, enough for the server's tests: a cookie jar (by name, for one origin),
 * redirects followed by hand, and the Fetch Metadata a browser sends with a same-origin request.
 */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  location: string | null;
}

export class BrowserClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request, no redirect followed; `site` is the Sec-Fetch-Site a browser would send (none: a non-browser client). */
  async request(path: string, init: RequestInit & { site?: 'same-origin' | 'same-site' | 'cross-site' | 'none' } = {}): Promise<Answer> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (init.site) headers.set('sec-fetch-site', init.site);
    const response = await fetch(new URL(path, this.origin), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, at).trim();
      const value = (pair as string).slice(at + 1).trim();
      if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json, location: response.headers.get('location') };
  }

  /** A JSON call as the web app makes it: same-origin, JSON body. */
  call(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.request(path, {
      method,
      site: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
  }

  /** Follows 3xx answers on this origin (a browser navigation), up to ten; the last answer. */
  async navigate(path: string): Promise<{ answer: Answer; visited: string[] }> {
    const visited: string[] = [];
    let next: string | null = path;
    let answer: Answer | undefined;
    for (let hop = 0; next && hop < 10; hop += 1) {
      const url: URL = new URL(next, this.origin);
      if (url.origin !== new URL(this.origin).origin) return { answer: answer as Answer, visited: [...visited, url.href] };
      visited.push(`${url.pathname}${url.search}`);
      answer = await this.request(`${url.pathname}${url.search}`, { site: hop === 0 ? 'none' : 'same-origin' });
      next = answer.status >= 300 && answer.status < 400 ? answer.location : null;
    }
    return { answer: answer as Answer, visited };
  }

  /** The sandbox's two clicks: start, then the authorize page's form (by name when given); the callback's answer. */
  async sandboxSignIn(options: { name?: string; returnTo?: string } = {}): Promise<Answer> {
    const start = await this.navigate(`/auth/network/start${options.returnTo ? `?return_to=${encodeURIComponent(options.returnTo)}` : ''}`);
    const page = start.answer.text;
    const state = /name="state" value="([^"]+)"/.exec(page)?.[1];
    if (!state) throw new Error(`no sandbox authorize page: ${start.answer.status} ${page.slice(0, 200)}`);
    const form = new URLSearchParams(options.name ? { state, name: options.name } : { state, as: 'sandbox-member' });
    const submitted = await this.request('/auth/sandbox/authorize', {
      method: 'POST',
      site: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const location = submitted.location;
    if (!location) throw new Error(`the sandbox form answered ${submitted.status}: ${submitted.text.slice(0, 200)}`);
    // The callback's own answer: where it sends the browser, with the cookies it sets.
    return this.request(location, { site: 'same-origin' });
  }
}
