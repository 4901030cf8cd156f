import { createHmac, randomBytes } from 'node:crypto';
import { databaseUrlFor, dropDatabaseNamed, readBody, startLoopbackServer, type LoopbackServer } from '@lps/testing';
import type { Page } from 'playwright-core';
import { freePort, startInShell, userEnvironment, waitForHealth, type StartedService } from '../../../all/test/support/user-session.js';
import { expectAccessible, expectFewCalls, expectFocused, launchBrowser, openPage, tabTo, type LaunchedBrowser, type WatchedPage } from './support/browser.js';

// The callbacks given to page.evaluate run in the browser, with the DOM's globals. The tests are
// type-checked without the DOM's types (they would retype Node's Buffer and fetch for every test),
// so the few used here are declared for this file alone (a module: these do not leak).
declare const window: any;
declare const document: any;
declare const localStorage: any;
declare const sessionStorage: any;
declare const navigator: any;

// A new member's first visit, from their side: the service started as the README says
// (`npm start`, default configuration: sandbox network, builtin writer), driven in Debian's
// Chromium by role and accessible name as a person or a screen reader would, with axe on
// every page and every dialog it opens. Only the port, a database and Redis prefix of its own,
// and private webhook URLs (the receiver is on loopback) differ from a newcomer's machine.

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

const databaseName = `lps_dash_${process.pid}_${randomBytes(3).toString('hex')}`;
let origin: string;
let service: StartedService;
let chromium: LaunchedBrowser;
let receiver: LoopbackServer;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  receiver = await startLoopbackServer(async (req, res) => {
    deliveries.push({ headers: req.headers, raw: await readBody(req) });
    res.writeHead(204).end();
  });
  service = startInShell(
    'npm start',
    userEnvironment({ PORT: String(port), DATABASE_URL: databaseUrlFor(databaseName), LPS_REDIS_PREFIX: `dash${process.pid}`, LPS_ALLOW_PRIVATE_URLS: '1', LPS_HEALTH_PORT: '0' }),
  );
  await waitForHealth(`${origin}/api/v1`, service);
  chromium = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await service?.interrupt();
  await receiver?.close();
  await dropDatabaseNamed(databaseName);
});

async function signInWithTheSandbox(page: Page, name?: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
  if (name) {
    await page.getByLabel('Your name').fill(name);
    await page.getByRole('button', { name: 'Sign in under this name' }).click();
  } else {
    await page.getByRole('button', { name: 'Continue as a sandbox member' }).click();
  }
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
}

/** Everything a page keeps where a script could read it: its text, its form values, its storage and its script-visible cookies. */
async function everythingThePageHolds(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea')].map((element) => (element as { value: string }).value);
    const storage = [localStorage, sessionStorage].flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key) ?? ''}`));
    return [document.documentElement.outerHTML, ...values, ...storage, document.cookie].join('\n');
  });
}

async function callApi(path: string, key: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${origin}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
}

describe('a member with npm start’s defaults, in the browser', () => {
  let watched: WatchedPage;
  let page: Page;
  /** The deliveries page of the webhook the journey made. */
  let webhookPage: string;

  beforeAll(async () => {
    watched = await openPage(chromium.browser, { baseURL: origin });
    page = watched.page;
  });

  afterAll(async () => {
    await watched?.context.close();
  });

  test('is in the dashboard in two clicks: the sign-in page, then the sandbox’s own page', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sign in to lps' }).waitFor();
    await expectAccessible(page, 'the sign-in page');
    await page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the sandbox network' }).waitFor();
    await expectAccessible(page, 'the sandbox’s sign-in page');
    await page.getByRole('button', { name: 'Continue as a sandbox member' }).click();
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/posts');
    await expectAccessible(page, 'the posts page, empty');
  });

  test('creates a key shown once, uses it against /api/v1, finds it nowhere after a reload, revokes it and sees it refused', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await expectAccessible(page, 'the API keys page, no key');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.waitFor();
    await expectAccessible(page, 'the create-key dialog');
    await dialog.getByLabel('Name').fill('Journey laptop');
    await dialog.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    await expectAccessible(page, 'the dialog showing the new key');
    const apiKey = await shown.getByLabel('API key “Journey laptop”').inputValue();
    expect(apiKey).toMatch(/^lps_[0-9a-f]{32}$/);
    await expect(shown.getByText(/shown only this once/).count()).resolves.toBe(1);
    await shown.getByRole('button', { name: 'Copy API key' }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

    const me = await callApi('/me', apiKey);
    expect(me.status).toBe(200);
    const member = ((await me.json()) as { member: { id: string; display_name: string } }).member;
    expect(member.display_name).toBe('Sandbox member');

    await shown.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    const row = page.getByRole('row', { name: /Journey laptop/ });
    await row.waitFor();
    expect(await everythingThePageHolds(page)).not.toContain(apiKey);
    expect(await everythingThePageHolds(page)).toContain(`lps_…${apiKey.slice(-4)}`);
    expect((await page.context().cookies()).map((cookie) => cookie.value).join(' ')).not.toContain(apiKey);

    await row.getByRole('button', { name: 'Revoke Journey laptop' }).click();
    const confirm = page.getByRole('alertdialog', { name: /Revoke “Journey laptop”/ });
    await confirm.waitFor();
    await expectAccessible(page, 'the revoke confirmation');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    const status = page.getByRole('status').filter({ hasText: /is revoked/ });
    await status.waitFor();
    const seconds = Number(/within (\d+) seconds/.exec(await status.innerText())?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(0);
    // The page's promise: refused within `seconds` (the key cache's time); asked until then, and a little after.
    const deadline = Date.now() + (seconds + 5) * 1000;
    let answer = 200;
    while (answer !== 401 && Date.now() < deadline) answer = (await callApi('/me', apiKey)).status;
    expect(answer).toBe(401);
    await page.reload();
    await page
      .getByRole('row', { name: /Journey laptop/ })
      .getByRole('cell', { name: 'Revoked' })
      .waitFor();
    expect(watched.problems()).toEqual([]);
  });

  test('a read-only key reads but is refused 403 on POST /posts, naming its scope', async () => {
    await page.goto('/developer/keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Dashboard reader');
    await dialog.getByRole('radio', { name: 'Read-only' }).check();
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    const apiKey = await page
      .getByRole('dialog', { name: 'Your new API key' })
      .getByLabel(/API key/)
      .inputValue();
    await page.getByRole('button', { name: 'Done' }).click();

    expect((await callApi('/posts', apiKey)).status).toBe(200);
    const refused = await callApi('/posts', apiKey, { method: 'POST', body: JSON.stringify({ idea: 'A read-only key tries to write' }) });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toMatch(/read_only/);
    await expect(
      page
        .getByRole('row', { name: /Dashboard reader/ })
        .getByRole('cell', { name: 'Read-only' })
        .count(),
    ).resolves.toBe(1);
  });

  test('makes a webhook whose secret is shown once, sends a test event the receiver verifies, and finds it in the deliveries log', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await expectAccessible(page, 'the webhooks page, none');
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.waitFor();
    await expectAccessible(page, 'the new-webhook dialog');
    // A refused address is said next to the field, in words.
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'the new-webhook dialog with an error');
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook created' });
    await shown.waitFor();
    const secret = await shown.getByLabel(/Signing secret/).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();

    const endpoint = page.getByRole('listitem').filter({ hasText: receiver.url });
    await endpoint.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /test event is on its way/ })
      .waitFor();
    const deadline = Date.now() + 30_000;
    while (deliveries.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deliveries).toHaveLength(1);
    const delivery = deliveries[0] as Delivery;
    expect(delivery.headers['x-lps-event']).toBe('webhook.test');
    const expected = `sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`;
    expect(delivery.headers['x-lps-signature']).toBe(expected);

    await endpoint.getByRole('link', { name: `Deliveries of ${receiver.url}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Deliveries' }).waitFor();
    webhookPage = new URL(page.url()).pathname;
    // The log shows the delivery once the dispatcher recorded its answer: reloaded until it says so.
    const logged = page.getByRole('row', { name: /webhook\.test/ });
    const until = Date.now() + 20_000;
    while (!(await logged.getByRole('cell', { name: 'Delivered' }).count()) && Date.now() < until) {
      await page.reload();
      await logged.first().waitFor();
    }
    await expect(logged.getByRole('cell', { name: '204' }).count()).resolves.toBe(1);
    await expectAccessible(page, 'the deliveries log');
    expect(watched.problems()).toEqual([]);
  });

  test('disconnects from the sandbox with a confirmation, and connects again from the same page', async () => {
    await page.goto('/connection');
    await page.getByRole('heading', { level: 1, name: 'LinkedIn connection' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect from the sandbox?' });
    await confirm.waitFor();
    await expectAccessible(page, 'the disconnect confirmation');
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('status').filter({ hasText: 'Disconnected.' }).waitFor();
    await page.getByText('Not connected: disconnected by the member').waitFor();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('status').filter({ hasText: 'Connected again.' }).waitFor();
    await page.getByText('Connected, with no end date.').waitFor();
    await expectAccessible(page, 'the connection page, connected again');
    expect(watched.problems()).toEqual([]);
  });

  test('every page shows itself with at most three calls to the server, and passes axe', async () => {
    const pages: [string, string][] = [
      ['/posts', 'Posts'],
      ['/developer/keys', 'API keys'],
      ['/developer/webhooks', 'Webhooks'],
      ['/developer/mcp', 'MCP'],
      ['/connection', 'LinkedIn connection'],
      ['/account/sessions', 'Sessions'],
    ];
    for (const [path, heading] of [...pages, [webhookPage, receiver.url] as [string, string]]) {
      await expectFewCalls(watched, path, heading);
      await expectAccessible(page, path);
    }
  });
});

describe('the API keys page with the keyboard alone', () => {
  test('skips to the content, creates a key, copies it, closes the dialog back onto its opener, and revokes a key', async () => {
    const watched = await openPage(chromium.browser, { baseURL: origin });
    const { page } = watched;
    await signInWithTheSandbox(page, 'Keyboard Kim');
    await page.goto('/developer/keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();

    await page.keyboard.press('Tab');
    await expectFocused(page.getByRole('link', { name: 'Skip to content' }), 'the skip link');
    await page.keyboard.press('Enter');
    const create = page.getByRole('button', { name: 'Create API key' });
    await tabTo(page, create, 'Create API key');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.waitFor();
    await expectFocused(dialog.getByLabel('Name'), 'the name field, first in the dialog');
    await page.keyboard.type('Typed by keyboard');
    await page.keyboard.press('Tab');
    await expectFocused(dialog.getByRole('radio', { name: 'Full access' }), 'the checked access choice');
    await page.keyboard.press('ArrowDown');
    await expectFocused(dialog.getByRole('radio', { name: 'No publishing' }), 'the next access choice');
    expect(await dialog.getByRole('radio', { name: 'No publishing' }).isChecked()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Create API key' }), 'the dialog’s Create API key', 4);
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    await expectFocused(shown.getByLabel(/API key/), 'the new key, selected for copying');
    await tabTo(page, shown.getByRole('button', { name: 'Copy API key' }), 'Copy API key', 3);
    await page.keyboard.press('Enter');
    await shown.getByText('Copied.').waitFor();
    await tabTo(page, shown.getByRole('button', { name: 'Done' }), 'Done', 3);
    await page.keyboard.press('Enter');
    await shown.waitFor({ state: 'hidden' });
    await expectFocused(create, 'Create API key again (the dialog’s opener)');

    const revoke = page.getByRole('button', { name: 'Revoke Typed by keyboard' });
    await tabTo(page, revoke, 'Revoke Typed by keyboard');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: /Revoke “Typed by keyboard”/ });
    await confirm.waitFor();
    // Escape backs out and puts the focus back where it was.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expectFocused(revoke, 'the Revoke button after Escape');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Revoke key' }), 'Revoke key', 3);
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /“Typed by keyboard” is revoked/ })
      .waitFor();
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('on a phone, 375 px wide', () => {
  test('every page fits the width, the navigation opens from the menu button, and axe finds nothing, dialogs included', async () => {
    const watched = await openPage(chromium.browser, { baseURL: origin, width: 375, height: 740 });
    const { page } = watched;
    await signInWithTheSandbox(page, 'Phone Pat');
    const pages: [string, string][] = [
      ['API keys', 'API keys'],
      ['Webhooks', 'Webhooks'],
      ['MCP', 'MCP'],
      ['LinkedIn connection', 'LinkedIn connection'],
      ['Sessions', 'Sessions'],
      ['Posts', 'Posts'],
    ];
    for (const [link, heading] of pages) {
      const menu = page.getByRole('button', { name: 'Menu' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) throw new Error(`${heading} is ${overflow} px wider than the phone`);
      await expectAccessible(page, `${heading} at 375 px`);
    }
    await page.goto('/developer/keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('dialog', { name: 'Create API key' }).waitFor();
    await expectAccessible(page, 'the create-key dialog at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('hostile text in everything a page shows', () => {
  test('names, post bodies, ideas, webhook URLs and browser names holding markup and script show as text and run nothing', async () => {
    const hostileName = '<img src=x onerror="window.__pwned=1">Eve<script>window.__pwned=2</script>';
    const watched = await openPage(chromium.browser, { baseURL: origin });
    const { page } = watched;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInWithTheSandbox(page, hostileName);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(hostileName).count()).resolves.toBe(1);

    // A key made in the page writes the hostile post through the API, as a program of the member would.
    await page.goto('/developer/keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('dialog', { name: 'Create API key' }).getByLabel('Name').fill('<b onmouseover=alert(1)>key</b>');
    await page.getByRole('dialog', { name: 'Create API key' }).getByRole('button', { name: 'Create API key' }).click();
    const apiKey = await page
      .getByRole('dialog', { name: 'Your new API key' })
      .getByLabel(/API key/)
      .inputValue();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('rowheader', { name: '<b onmouseover=alert(1)>key</b>' }).waitFor();

    const idea = '<script>window.__pwned=3</script> javascript:alert(4)';
    const created = await callApi('/posts', apiKey, { method: 'POST', body: JSON.stringify({ idea }) });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { post: { id: string } }).post;
    const body = '<img src=x onerror=alert(5)> and <a href="javascript:alert(6)">a link</a>\n<svg onload=alert(7)>';
    expect((await callApi(`/posts/${post.id}`, apiKey, { method: 'PATCH', body: JSON.stringify({ body }) })).status).toBe(200);
    const hook = await callApi('/webhooks', apiKey, {
      method: 'POST',
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook?q=%3Cscript%3Ealert(8)%3C/script%3E&u=javascript:alert(9)', events: ['post.published'] }),
    });
    expect(hook.status).toBe(201);

    await page.goto('/posts');
    await page.getByRole('link', { name: /^<img src=x onerror=alert\(5\)>/ }).click();
    await page.getByText(idea).waitFor();
    await expect(page.getByText('<svg onload=alert(7)>', { exact: false }).count()).resolves.toBeGreaterThan(0);
    await page.goto('/developer/webhooks');
    await page.getByRole('link', { name: /^http:\/\/127\.0\.0\.1:9\/hook\?q=%3Cscript%3E/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Deliveries' }).waitFor();

    // The same member signed in from a browser whose user agent is markup: the sessions page names that browser.
    const elsewhere = await openPage(chromium.browser, { baseURL: origin, userAgent: '<script>window.__pwned=10</script> Mozilla/5.0 (X11; Linux x86_64) Chrome/156' });
    await signInWithTheSandbox(elsewhere.page, hostileName);
    await elsewhere.context.close();
    await page.goto('/account/sessions');
    await page.getByRole('button', { name: /^Sign out Chrome on Linux/ }).waitFor();

    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      scriptLinks: [...document.querySelectorAll('a')].filter((link) => link.href.startsWith('javascript:')).length,
    }));
    expect(state).toEqual({ pwned: undefined, scriptLinks: 0 });
    expect(dialogs).toEqual([]);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});
