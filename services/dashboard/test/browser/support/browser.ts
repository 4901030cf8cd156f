import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

// The browser's globals the callbacks below run with (this module only: the tests are type-checked without the DOM's types).
declare const document: any;
declare const getComputedStyle: (element: unknown) => { outlineStyle: string; outlineWidth: string };

/**
 * Debian's Chromium driven by playwright-core: Playwright's own browser download cannot
 * work offline. The flags keep it from reaching for Google's services at start (this
 * machine's closed network refuses them); Playwright gives each launch a fresh profile of its own.
 */
export const CHROMIUM = process.env.LPS_CHROMIUM || '/usr/bin/chromium';

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<LaunchedBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium package (npm test does when it can) or set LPS_CHROMIUM`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Script errors, console errors (a CSP refusal is one), answers ≥ 500 and missing files seen so far. */
  problems(): string[];
  /** The requests the page made to the dashboard's JSON (`/dashboard/api/…`), in order. */
  apiCalls(): string[];
  forgetApiCalls(): void;
}

/** A page in a context of its own (its own cookies, or `storageState`'s), `width` wide, in the browser zone `timezoneId`, that notes what went wrong. */
export async function openPage(
  browser: Browser,
  {
    width = 1280,
    height = 900,
    baseURL,
    userAgent,
    timezoneId,
    storageState,
  }: { width?: number; height?: number; baseURL: string; userAgent?: string; timezoneId?: string; storageState?: BrowserContextOptions['storageState'] },
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL, userAgent, timezoneId, storageState, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const problems: string[] = [];
  let calls: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A 4xx answer is logged by the browser as "Failed to load resource": the page shows those in words; the answers are checked below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    const missingFile = response.status() === 404 && !url.pathname.startsWith('/dashboard/api') && !url.pathname.startsWith('/api/');
    if (response.status() >= 500 || missingFile) problems.push(`${response.status()} from ${response.request().method()} ${response.url()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/dashboard/api')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return {
    context,
    page,
    problems: () => [...problems],
    apiCalls: () => [...calls],
    forgetApiCalls: () => {
      calls = [];
    },
  };
}

/**
 * axe-core on the page as it is now (a dialog open, an error shown): WCAG 2.1 A and AA.
 * Throws with each violation's rule, impact and the elements it found.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // Legacy mode runs axe in the page itself; the default also opens a blank page to gather the results
  // of every frame, which took over half of each check (0.7–1.9 s against 0.3–1.0 s, the same findings).
  // The dashboard has no frames to gather: nothing in it makes one, and its CSP loads none from elsewhere.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  if (results.violations.length === 0) return;
  const described = results.violations.map(
    (violation) =>
      `- ${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n')}`,
  );
  throw new Error(`axe found ${results.violations.length} violation(s) in "${state}":\n${described.join('\n')}`);
}

/** Is `locator` the element that has the keyboard focus now, with a focus indicator a sighted keyboard user can see? */
export async function expectFocused(locator: Locator, what: string): Promise<void> {
  const state = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { focused: element === document.activeElement, indicated: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
  });
  if (!state.focused) {
    const actual = await locator.page().evaluate(() => `${document.activeElement?.tagName ?? 'nothing'} "${document.activeElement?.textContent?.trim().slice(0, 60) ?? ''}"`);
    throw new Error(`expected the focus on ${what}; it is on ${actual}`);
  }
  if (!state.indicated) throw new Error(`${what} has the focus but shows no focus indicator`);
}

/** Presses Tab until `locator` has the focus (at most `limit` times), as a keyboard user moves through the page. */
export async function tabTo(page: Page, locator: Locator, what: string, limit = 40): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await locator.evaluate((element) => element === document.activeElement)) return expectFocused(locator, what);
  }
  throw new Error(`${what} was not reached within ${limit} presses of Tab`);
}

/**
 * Opens `path` as a first visit would (the page's own requests only, until the network is quiet)
 * and fails when it asked the server's JSON more than `most` times to show itself, naming the calls.
 */
export async function expectFewCalls(watched: WatchedPage, path: string, heading: string, most = 3): Promise<void> {
  // Leave the previous page first: its live-events stream may reconnect while the next page loads,
  // and that request is the previous page's, not one this page made to show itself.
  await watched.page.goto('about:blank');
  watched.forgetApiCalls();
  await watched.page.goto(path);
  await watched.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await watched.page.waitForLoadState('networkidle');
  const calls = watched.apiCalls();
  if (calls.length > most) throw new Error(`${path} made ${calls.length} calls to show itself:\n${calls.join('\n')}`);
}
