import { join } from 'node:path';
import { freePort, SHARE_APP, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';
import { startTestDashboard, type TestDashboard } from '../support/dashboard-harness.js';
import { expectAccessible, launchBrowser, openPage, type LaunchedBrowser } from './support/browser.js';

declare const document: any;

// LinkedIn mode without LinkedIn's analytics app (LINKEDIN_ANALYTICS_CLIENT_ID unset): lps cannot
// read any post's numbers. The analytics page must say so, why, and how to connect — and show no
// number at all. The member signs in through the fake LinkedIn in the browser, as a person would.

const WEB_ROOT = join(import.meta.dirname, '..', '..', 'dist', 'web');
let fake: FakeLinkedIn;
let dashboard: TestDashboard;
let chromium: LaunchedBrowser;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/auth/network/callback`;
  fake.state.registerRedirectUri(SHARE_APP.clientId, callback);
  const { LINKEDIN_ANALYTICS_CLIENT_ID: _id, LINKEDIN_ANALYTICS_CLIENT_SECRET: _secret, ...withoutAnalytics } = fake.env;
  dashboard = await startTestDashboard({ ...withoutAnalytics, LPS_SIGNUP: 'open', LPS_SIGN_IN_REDIRECT_URI: callback }, { port, webRoot: WEB_ROOT });
  chromium = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await dashboard?.stop();
  await fake?.close();
});

test('without the analytics grant the page says so, why, and how to connect, and shows no number', async () => {
  fake.state.browserPerson = { sub: 'analytics-less', name: 'Ada Unmeasured' };
  for (const width of [1280, 375]) {
    const watched = await openPage(chromium.browser, { baseURL: dashboard.origin, width });
    const { page } = watched;
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    await page.goto('/analytics');
    const note = page.getByRole('region', { name: 'No analytics to show' });
    await note.waitFor();
    await note.getByRole('link', { name: 'LinkedIn connection' }).waitFor();
    expect((await note.innerText()).length).toBeGreaterThan(80);
    // Nothing that looks like a figure: no KPI list, no table, no chart, no digit in the page's content besides the period picker's.
    expect(await page.getByRole('term').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('figure').count()).toBe(0);
    const text = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true);
      copy.querySelector('nav')?.remove();
      return copy.textContent as string;
    });
    expect(text).not.toMatch(/\d/);
    await expectAccessible(page, `analytics unavailable at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await note.getByRole('link', { name: 'LinkedIn connection' }).click();
    await page.getByRole('heading', { level: 1, name: 'LinkedIn connection' }).waitFor();
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  }
});

test('the accessibility check the browser tests rely on finds what it should: an image without alt text, faint text, a field without a name', async () => {
  // Every page above passes expectAccessible; this proves the check can fail (the tags, and axe's legacy mode).
  const watched = await openPage(chromium.browser, { baseURL: dashboard.origin });
  await watched.page.goto('/sign-in');
  await watched.page.getByRole('heading', { level: 1 }).waitFor();
  await watched.page.evaluate(() => {
    const main = document.querySelector('main');
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><p id="faint">Faint words</p><input type="text">');
    // Through the CSSOM: the dashboard's CSP refuses style attributes.
    Object.assign(document.getElementById('faint').style, { color: '#ddd', backgroundColor: '#fff' });
  });
  const failure = await expectAccessible(watched.page, 'a broken page').then(
    () => 'passed',
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/image-alt/);
  expect(failure).toMatch(/color-contrast/);
  expect(failure).toMatch(/label/);
  await watched.context.close();
});
