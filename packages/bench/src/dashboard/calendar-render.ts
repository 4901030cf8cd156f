import type { Browser, BrowserContextOptions } from 'playwright-core';
import type { SeedPool } from '../reads/seed.js';

// The page callbacks run in the browser; the bench is type-checked without the DOM's types, so
// the little of them used here is declared for this file alone.
interface Found {
  querySelector(selector: string): Found | null;
}
declare const window: { __gridShownAt?: number };
declare const document: Found & { querySelectorAll(selector: string): { length: number } };
declare class MutationObserver {
  constructor(changed: () => void);
  observe(target: Found, options: { childList: boolean; subtree: boolean }): void;
  disconnect(): void;
}

// The calendar with many posts, measured in the browser: the one API call it makes for the range
// (Resource Timing), the time from that answer to the grid on screen (a mark the page cannot fake:
// a MutationObserver installed before any script, stopped at the first grid holding posts), and
// Chrome's own ScriptDuration for the whole load (CDP Performance.getMetrics). The month view with
// the busy month, the same view of an empty month (the reference), and the busiest week, where every
// post is drawn (the month draws four a day and "N more").

export interface CalendarRender {
  /** The `GET /calendar` call, request start to response end. */
  callMs: number;
  /** From that answer's end to the grid with its posts in the document. */
  renderMs: number;
  /** Chrome's ScriptDuration for the page load, in ms. */
  scriptMs: number;
  /** Post entries drawn in the grid (a day shows 4 and "N more"). */
  entries: number;
}

/** Adds `count` scheduled posts spread over the month starting `monthStart` (UTC), at whole quarter hours from 07:00 to 19:45 UTC. */
export async function addScheduledMonth(seed: SeedPool, memberId: string, monthStart: string, count: number): Promise<void> {
  const client = await seed.pool.connect();
  try {
    // Bulk rows without the triggers (the change events nobody listens to here), as reads/seed.ts does.
    await client.query('SET session_replication_role = replica');
    await client.query(
      `INSERT INTO posts (id, member_id, status, idea, body, scheduled_at, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'scheduled'::"PostStatus", 'Calendar bench idea ' || i,
              'Calendar bench post ' || i || ': a month with a post every hour and a half.',
              $2::timestamptz + ((i - 1) % 28) * interval '1 day' + interval '7 hours' + ((i - 1) / 28) * interval '45 minutes',
              now(), now()
         FROM generate_series(1, $3::int) AS i`,
      [memberId, monthStart, count],
    );
  } finally {
    await client.query('RESET session_replication_role');
    client.release();
  }
  await seed.pool.query('ANALYZE posts');
}

/** One first visit of the calendar (`view` of the week or month of `date`); resolves once the grid shows and the network is quiet. */
export async function measureCalendarOnce(
  browser: Browser,
  origin: string,
  storage: BrowserContextOptions['storageState'],
  { view, date, expectEntries }: { view: 'week' | 'month'; date: string; expectEntries: boolean },
): Promise<CalendarRender> {
  const grid = `table.${view}-grid`;
  const context = await browser.newContext({ baseURL: origin, storageState: storage, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([selector, wantEntries]: [string, boolean]) => {
      const state = window;
      const observer = new MutationObserver(() => {
        const grid = document.querySelector(selector);
        if (!grid || (wantEntries && !grid.querySelector('li.cal-entry'))) return;
        state.__gridShownAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    [grid, expectEntries] as [string, boolean],
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`/calendar?view=${view}&date=${date}`);
  await page.waitForFunction(() => window.__gridShownAt !== undefined);
  await page.waitForLoadState('networkidle');
  const metrics = await cdp.send('Performance.getMetrics');
  const scriptMs = (metrics.metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const timing = await page.evaluate((selector: string) => {
    const call = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/dashboard/api/v1/calendar?')) as
      { startTime: number; responseEnd: number } | undefined;
    return {
      start: call?.startTime ?? 0,
      end: call?.responseEnd ?? 0,
      shown: window.__gridShownAt ?? 0,
      entries: document.querySelectorAll(`${selector} li.cal-entry`).length,
    };
  }, grid);
  await context.close();
  if (!timing.end) throw new Error('the calendar page made no GET /calendar call');
  return { callMs: timing.end - timing.start, renderMs: timing.shown - timing.end, scriptMs, entries: timing.entries };
}
