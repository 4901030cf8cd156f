import { randomBytes } from 'node:crypto';
import { databaseUrlFor, dropDatabaseNamed } from '@lps/testing';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { freePort, startInShell, userEnvironment, waitForHealth, type StartedService } from '../../../all/test/support/user-session.js';
import { addDays, instantAt, wallTimeOf } from '../../web/src/time/zoned.js';
import { expectAccessible, launchBrowser, openPage, type LaunchedBrowser, type WatchedPage } from './support/browser.js';

// The page callbacks run in the browser; the tests are type-checked without the DOM's types.
declare const window: any;
declare const document: any;

// The studio's planning and learning pages from the member's side: `npm start` with its defaults
// (sandbox network, builtin writer), Debian's Chromium driven by role and accessible name, axe on
// every page, dialog and state reached. Posts are written and queued through the API with a key
// the member made, as a program of theirs would; the page is then checked against the API.

const databaseName = `lps_plan_${process.pid}_${randomBytes(3).toString('hex')}`;
const PARIS = 'Europe/Paris';
let origin: string;
let service: StartedService;
let chromium: LaunchedBrowser;
let storage: BrowserContextOptions['storageState'];
let apiKey: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  service = startInShell(
    'npm start',
    userEnvironment({ PORT: String(port), DATABASE_URL: databaseUrlFor(databaseName), LPS_REDIS_PREFIX: `plan${process.pid}`, LPS_HEALTH_PORT: '0' }),
  );
  await waitForHealth(`${origin}/api/v1`, service);
  chromium = await launchBrowser();
  // One member for the whole file: signed in once, the session kept for every context.
  const first = await openPage(chromium.browser, { baseURL: origin });
  await first.page.goto('/');
  await first.page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
  await first.page.getByLabel('Your name').fill('Planner Paula');
  await first.page.getByRole('button', { name: 'Sign in under this name' }).click();
  await first.page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  apiKey = await first.page.evaluate(async () => {
    const answer = await fetch('/dashboard/api/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Studio plan test' }) });
    return ((await answer.json()) as { api_key: string }).api_key;
  });
  storage = await first.context.storageState();
  await first.context.close();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await service?.interrupt();
  await dropDatabaseNamed(databaseName);
});

async function api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A post with a known first line (the calendar's title), written through the API. */
async function postTitled(title: string): Promise<string> {
  const created = await api<{ post: { id: string } }>('POST', '/posts', { idea: title });
  expect(created.status).toBe(201);
  const id = created.body.post.id;
  expect((await api('PATCH', `/posts/${id}`, { body: `${title}\n\nWritten by the studio's planning test.` })).status).toBe(200);
  return id;
}

async function scheduledAt(id: string): Promise<string | null> {
  return (await api<{ post: { scheduled_at: string | null } }>('GET', `/posts/${id}`)).body.post.scheduled_at;
}

async function open(options: { width?: number; timezoneId?: string } = {}): Promise<WatchedPage> {
  return openPage(chromium.browser, { baseURL: origin, storageState: storage, ...options });
}

/** The row of the week grid for an hour of the member's wall clock ("09:00"). */
const hourRow = (page: Page, hour: string): Locator => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: hour, exact: true }) });

/** The calendar's item for a post (its list item, found by the post's first line). */
const entryFor = (scope: Page | Locator, title: string): Locator => {
  // `has` is matched inside each list item, so its locator starts from the page, not from `scope`.
  const page = 'goto' in scope ? scope : scope.page();
  // The innermost item holding the link: on a phone the day's item holds the post's.
  return scope
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) })
    .last();
};

/** The cell of `date` (on the `hour` row of the week grid, if given) that holds the post titled `title`. */
const cellWith = (page: Page, date: string, title: string, hour?: string): Locator =>
  (hour ? hourRow(page, hour) : page).locator(`td[data-date="${date}"]`).filter({ has: page.getByRole('link', { name: title, exact: true }) });

const dateOfCell = (item: Locator): Promise<string> => item.evaluate((element) => element.closest('td')?.getAttribute('data-date') ?? '');

const noWiderThanThePhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** Waits for the page's polite confirmation containing `text` (the page's own signal that an action finished). */
const confirmed = (page: Page, text: RegExp) => page.getByRole('status').filter({ hasText: text }).waitFor();

describe('schedule & settings', () => {
  test('sets the zone to Europe/Paris and the schedule to weekdays at 09:00 from the page, with errors next to their fields, axe-clean', async () => {
    expect((await api('PUT', '/schedule', { slots: [{ day: 'wednesday', time: '14:00' }] })).status).toBe(200);
    const watched = await open();
    const { page } = watched;
    await page.goto('/calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.getByRole('link', { name: 'Schedule & settings' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Schedule & settings' }).waitFor();
    await expectAccessible(page, 'schedule & settings');

    await page.getByLabel('Time zone', { exact: true }).selectOption(PARIS);
    await page.getByRole('button', { name: 'Save time zone and approval' }).click();
    await confirmed(page, /Times are now in Europe\/Paris/);

    await page.getByRole('button', { name: 'Remove Wednesday 14:00' }).click();
    // A time left empty is said in words, next to the form's button, before anything is sent.
    await page.getByRole('button', { name: 'Add a time on Saturday' }).click();
    await page.getByRole('button', { name: 'Save posting schedule' }).click();
    await page.getByRole('alert').filter({ hasText: 'Every time needs an hour and minutes' }).waitFor();
    await expectAccessible(page, 'schedule & settings with an error');
    await page.getByRole('button', { name: 'Remove Saturday time 1' }).click();

    await page.getByLabel('Every weekday at', { exact: true }).fill('09:00');
    await page.getByRole('button', { name: 'Use only this time, Monday to Friday' }).click();
    await page.getByRole('button', { name: 'Save posting schedule' }).click();
    await confirmed(page, /5 times a week, in Europe\/Paris/);
    await expectAccessible(page, 'schedule & settings saved');

    const schedule = await api<{ schedule: { time_zone: string; slots: unknown[] } }>('GET', '/schedule');
    expect(schedule.body.schedule).toEqual({
      time_zone: PARIS,
      slots: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, time: '09:00' })),
    });
    expect((await api('GET', '/settings')).body.settings).toEqual({ time_zone: PARIS, approval_required: false });
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('the calendar', () => {
  let postId: string;
  let queuedAt: string;
  const title = 'Queued for the calendar: planning a week in Paris';

  beforeAll(async () => {
    postId = await postTitled(title);
    const queued = await api<{ post: { scheduled_at: string } }>('POST', `/posts/${postId}/queue`);
    expect(queued.status).toBe(200);
    queuedAt = queued.body.post.scheduled_at;
  });

  test('shows a queued post on its day at 09:00 Paris, and a drag to another day and back onto its free slot reschedules it', async () => {
    const watched = await open();
    const { page } = watched;
    const day = wallTimeOf(new Date(queuedAt), PARIS);
    expect(day.time).toBe('09:00');
    watched.forgetApiCalls();
    await page.goto(`/calendar?view=week&date=${day.date}`);
    const entry = entryFor(hourRow(page, '09:00'), title);
    await entry.waitFor();
    expect(await dateOfCell(entry)).toBe(day.date);
    await page.waitForLoadState('networkidle');
    // The session (with the zone that says where a day starts) and the calendar: one call for the week.
    expect(watched.apiCalls().filter((call) => !call.endsWith('/events'))).toEqual([
      'GET /dashboard/api/session',
      expect.stringMatching(/^GET \/dashboard\/api\/v1\/calendar\?from=/),
    ]);
    await expectAccessible(page, 'the calendar, week view');

    // Onto Sunday's 09:00 hour (an empty cell: the post keeps its minutes), read back from the API.
    const sunday = addDays(day.date, 6 - ((new Date(`${day.date}T00:00:00Z`).getUTCDay() + 6) % 7));
    await entry.dragTo(hourRow(page, '09:00').locator(`td[data-date="${sunday}"]`));
    await confirmed(page, /^Moved “Queued for the calendar/);
    expect(await scheduledAt(postId)).toBe(instantAt(sunday, '09:00', PARIS).toISOString());
    await cellWith(page, sunday, title, '09:00').waitFor();
    const moved = entryFor(hourRow(page, '09:00'), title);

    // Back onto the free slot it left: the slot's own instant.
    const slot = page.locator(`li[data-at="${queuedAt}"]`);
    await slot.waitFor();
    await moved.dragTo(slot);
    await cellWith(page, day.date, title, '09:00').waitFor();
    expect(await scheduledAt(postId)).toBe(queuedAt);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('the keyboard alternative: Move opens a dialog, a free slot is picked with the arrows, and the post goes there', async () => {
    const watched = await open();
    const { page } = watched;
    const before = (await scheduledAt(postId)) as string;
    await page.goto(`/calendar?view=week&date=${wallTimeOf(new Date(before), PARIS).date}`);
    const move = page.getByRole('button', { name: `Move “${title}”` });
    await move.waitFor();
    for (let press = 0; press < 80 && !(await move.evaluate((element) => element === document.activeElement)); press += 1) await page.keyboard.press('Tab');
    expect(await move.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Move “${title}”` });
    await dialog.waitFor();
    await expectAccessible(page, 'the Move dialog');

    // A day in the past is refused by the server, in words next to the fields.
    await dialog.getByLabel('Day', { exact: true }).fill('2020-01-06');
    await dialog.getByRole('button', { name: 'Move post' }).click();
    await dialog.getByRole('alert').waitFor();
    await expectAccessible(page, 'the Move dialog with an error');
    expect(await scheduledAt(postId)).toBe(before);

    // Keyboard alone: to the mode choice, down to "a free slot", into the list, the first slot, then Move post.
    await dialog.getByRole('radio', { name: 'A day and time' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'A free slot of the posting schedule' }).isChecked()).toBe(true);
    const slots = dialog.getByRole('group', { name: /Free slots in the next/ }).getByRole('radio');
    await slots.first().waitFor();
    await expectAccessible(page, 'the Move dialog listing free slots');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    const chosen = slots.first();
    expect(await chosen.isChecked()).toBe(true);
    const at = await chosen.getAttribute('value');
    await page.keyboard.press('Tab');
    expect(await dialog.getByRole('button', { name: 'Move post' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await confirmed(page, /^Moved “Queued for the calendar/);
    expect(await scheduledAt(postId)).toBe(at);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('the month view shows the post with its time, and a drag to the next day keeps its wall time', async () => {
    const watched = await open();
    const { page } = watched;
    const now = wallTimeOf(new Date((await scheduledAt(postId)) as string), PARIS);
    await page.goto(`/calendar?view=month&date=${now.date}`);
    const entry = entryFor(page.getByRole('table'), title);
    await entry.waitFor();
    expect(await entry.locator('time').innerText()).toBe(now.time);
    await expectAccessible(page, 'the calendar, month view');
    const next = addDays(now.date, 1);
    await entry.dragTo(page.locator(`td[data-date="${next}"]`));
    await confirmed(page, /^Moved “Queued for the calendar/);
    expect(await scheduledAt(postId)).toBe(instantAt(next, now.time, PARIS).toISOString());
    await cellWith(page, next, title).waitFor();
    await page.getByRole('link', { name: 'Week', exact: true }).click();
    await page.getByRole('table').getByRole('rowheader', { name: '09:00' }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('week');
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('at 375 px the calendar is a list of days, no wider than the phone, and Move still works', async () => {
    const watched = await open({ width: 375 });
    const { page } = watched;
    const now = wallTimeOf(new Date((await scheduledAt(postId)) as string), PARIS);
    await page.goto(`/calendar?view=week&date=${now.date}`);
    const days = page.getByRole('list', { name: /day by day/ });
    await days.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await entryFor(days, title).waitFor();
    await noWiderThanThePhone(page);
    await expectAccessible(page, 'the calendar at 375 px');
    await page.getByRole('button', { name: `Move “${title}”` }).click();
    await page.getByRole('dialog', { name: `Move “${title}”` }).waitFor();
    await expectAccessible(page, 'the Move dialog at 375 px');
    await noWiderThanThePhone(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/calendar?view=month&date=${now.date}`);
    await entryFor(page.getByRole('list', { name: /day by day/ }), title).waitFor();
    await noWiderThanThePhone(page);
    await page.goto('/settings/schedule');
    await page.getByRole('heading', { level: 1, name: 'Schedule & settings' }).waitFor();
    await noWiderThanThePhone(page);
    await expectAccessible(page, 'schedule & settings at 375 px');
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('a post published through the API appears as published on the open calendar, without a reload', async () => {
    const watched = await open();
    const { page } = watched;
    await page.goto('/calendar');
    await page.getByRole('table').waitFor();
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    const live = 'Published live while the calendar is open';
    const id = await postTitled(live);
    expect((await api('POST', `/posts/${id}/publish`)).status).toBe(202);
    await entryFor(page, live).getByText('Published', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('hostile first lines show as text and run nothing', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const id = await postTitled(hostile);
    const at = (await api<{ post: { scheduled_at: string } }>('POST', `/posts/${id}/queue`)).body.post.scheduled_at;
    const watched = await open();
    const { page } = watched;
    await page.goto(`/calendar?view=week&date=${wallTimeOf(new Date(at), PARIS).date}`);
    await entryFor(page, hostile).waitFor();
    await page.getByRole('button', { name: `Move “${hostile}”` }).click();
    await page.getByRole('dialog', { name: `Move “${hostile}”` }).waitFor();
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('the calendar on both sides of the 2027 clock changes', () => {
  // The browser's clock is moved to the early hours of the Monday of the week of each change and of
  // the week after, and its zone set to another continent's: "this week" comes from the browser's
  // clock, the rows from the member's wall clock. The posting schedule is weekdays at 09:00 (set
  // above); a post is scheduled at 09:00 local on that week's Friday and takes its slot.
  const cases: [string, string, string, string, string][] = [
    // member zone, browser zone, the browser's clock, the Friday, 09:00 that Friday in UTC
    // Half past midnight on Monday in Paris is still Sunday evening in New York: a page that took the
    // browser's zone for "today" would show the week before.
    [PARIS, 'America/New_York', '2027-03-21T23:30:00Z', '2027-03-26', '2027-03-26T08:00:00.000Z'],
    [PARIS, 'America/New_York', '2027-03-29T04:00:00Z', '2027-04-02', '2027-04-02T07:00:00.000Z'],
    [PARIS, 'Asia/Tokyo', '2027-10-25T04:00:00Z', '2027-10-29', '2027-10-29T07:00:00.000Z'],
    [PARIS, 'America/New_York', '2027-11-01T05:00:00Z', '2027-11-05', '2027-11-05T08:00:00.000Z'],
    ['America/New_York', PARIS, '2027-03-08T10:00:00Z', '2027-03-12', '2027-03-12T14:00:00.000Z'],
    ['America/New_York', PARIS, '2027-03-15T09:00:00Z', '2027-03-19', '2027-03-19T13:00:00.000Z'],
    ['America/New_York', 'Australia/Sydney', '2027-11-01T09:00:00Z', '2027-11-05', '2027-11-05T13:00:00.000Z'],
    ['America/New_York', PARIS, '2027-11-08T10:00:00Z', '2027-11-12', '2027-11-12T14:00:00.000Z'],
  ];

  afterAll(async () => {
    await api('PATCH', '/settings', { time_zone: PARIS });
  });

  test.each(cases)('member in %s, browser in %s, clock at %s: the 09:00 slots and the post at 09:00 on %s are on the 09:00 row', async (zone, browserZone, clock, friday, iso) => {
    expect((await api('PATCH', '/settings', { time_zone: zone })).status).toBe(200);
    const title = `DST check ${zone} ${friday}`;
    const id = await postTitled(title);
    expect((await api('POST', `/posts/${id}/schedule`, { scheduled_at: iso })).status).toBe(200);

    const watched = await open({ timezoneId: browserZone });
    const { page } = watched;
    await page.clock.setFixedTime(new Date(clock));
    await page.goto('/calendar');
    const row = hourRow(page, '09:00');
    const entry = entryFor(row, title);
    await entry.waitFor();
    expect(await dateOfCell(entry)).toBe(friday);
    expect(await entry.locator('time').innerText()).toBe('09:00');
    // "Today" is the Monday the browser's clock says, in the member's zone.
    await page.getByRole('columnheader', { name: /Today/ }).waitFor();
    expect(await page.getByRole('columnheader', { name: /Today/ }).getAttribute('aria-current')).toBe('date');
    // Monday to Thursday's free slots of this week are on the 09:00 row too, and none elsewhere.
    const freeInRow = row.getByRole('listitem').filter({ hasText: 'Free slot' });
    expect(await freeInRow.count()).toBe(4);
    expect(await page.getByRole('listitem').filter({ hasText: 'Free slot' }).count()).toBe(4);
    for (const item of await freeInRow.all()) expect(await item.locator('time').innerText()).toBe('09:00');
    expect(
      await page
        .locator('h2')
        .filter({ hasText: `times in ${zone}` })
        .count(),
    ).toBe(1);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
    await api('POST', `/posts/${id}/unschedule`);
  });
});

describe('ideas', () => {
  test('generates ideas, researches a keyword with progress until its ideas arrive, edits in place, makes a post, dismisses and restores', async () => {
    const watched = await open();
    const { page } = watched;
    watched.forgetApiCalls();
    await page.goto('/ideas');
    await page.getByRole('heading', { level: 1, name: 'Ideas' }).waitFor();
    await page.getByText('No new ideas.').waitFor();
    await expectAccessible(page, 'ideas, none yet');

    await page.getByRole('button', { name: 'Generate ideas' }).click();
    await confirmed(page, /new ideas?, listed under New/);
    const ideas = page.getByRole('list', { name: 'New ideas' }).getByRole('listitem');
    await ideas.first().waitFor();
    const generated = await ideas.count();
    expect(generated).toBeGreaterThan(0);
    await expectAccessible(page, 'ideas after generating');

    // The first progress answer is held at the server's door: the sandbox's research can finish
    // before the page's first poll returns, and the page must say it is researching meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/dashboard/api/v1/ideas/research/*', async (route) => {
      await held;
      // A held poll the page has given up on meanwhile cannot be let through (Playwright: 'Route is already handled').
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Keyword', { exact: true }).fill('remote onboarding');
    await page.getByRole('button', { name: 'Research' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Researching “remote onboarding”/ })
      .waitFor();
    await expectAccessible(page, 'ideas while researching');
    release();
    await page.unroute('**/dashboard/api/v1/ideas/research/*');
    await page
      .getByRole('status')
      .filter({ hasText: /Research on “remote onboarding” is done: \d+ new ideas?/ })
      .waitFor({ timeout: 60_000 });
    const researched = Number(
      /done: (\d+)/.exec(
        await page
          .getByRole('status')
          .filter({ hasText: /is done/ })
          .innerText(),
      )?.[1],
    );
    await ideas.nth(generated + researched - 1).waitFor();
    expect(await ideas.count()).toBe(generated + researched);

    // Edit in place: a button turns into a labelled field; Escape cancels, Enter saves.
    const first = ideas.first();
    const oldTitle = (await first.getAttribute('data-idea-id')) as string;
    const ideaId = oldTitle;
    await first.getByRole('button', { name: /^Edit title of/ }).click();
    const titleField = first.getByRole('textbox', { name: 'Title' });
    await expect(titleField.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expectAccessible(page, 'an idea title being edited');
    await titleField.fill('This is not saved');
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: /^Edit title of/ }).waitFor();
    expect(await first.getByRole('button', { name: /^Edit title of/ }).evaluate((element) => element === document.activeElement)).toBe(true);
    const hostile = 'Onboarding <script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
    await first.getByRole('button', { name: /^Edit title of/ }).click();
    await first.getByRole('textbox', { name: 'Title' }).fill(hostile);
    await page.keyboard.press('Enter');
    await page
      .locator(`li[data-idea-id="${ideaId}"]`)
      .getByRole('button', { name: `Edit title of “${hostile}”: ${hostile}` })
      .waitFor();
    const angle = page.locator(`li[data-idea-id="${ideaId}"]`).getByRole('button', { name: /^Edit angle of/ });
    await angle.click();
    await page.locator(`li[data-idea-id="${ideaId}"]`).getByRole('textbox', { name: 'Angle' }).fill('First week, told by the new hire');
    await page.keyboard.press('Enter');
    // Saved when the field is a button again showing the new angle (a textarea's own text follows what is typed).
    await page
      .locator(`li[data-idea-id="${ideaId}"]`)
      .getByRole('button', { name: /^Edit angle of .*: First week, told by the new hire$/ })
      .waitFor();
    const stored = (await api<{ data: { id: string; title: string; angle: string }[] }>('GET', '/ideas?status=new')).body.data.find((idea) => idea.id === ideaId);
    expect(stored).toMatchObject({ title: hostile, angle: 'First week, told by the new hire' });
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();

    // Dismiss, find it under Dismissed, restore it.
    await page.getByRole('button', { name: `Dismiss “${hostile}”` }).click();
    await confirmed(page, /^Dismissed “Onboarding/);
    await page.locator(`li[data-idea-id="${ideaId}"]`).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Dismissed' }).click();
    await page.getByRole('button', { name: `Restore “${hostile}”` }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('dismissed');
    await expectAccessible(page, 'dismissed ideas');
    await page.getByRole('button', { name: `Restore “${hostile}”` }).click();
    await confirmed(page, /^Restored “Onboarding.*It is under New/);
    await page.getByRole('link', { name: 'New', exact: true }).click();

    // Make a post: the idea becomes used and the page goes to the post's editor.
    await page.getByRole('button', { name: `Make a post from “${hostile}”` }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}\/edit$/);
    const postId = /\/posts\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
    expect((await api('GET', `/posts/${postId}`)).status).toBe(200);
    expect((await api<{ data: { id: string }[] }>('GET', '/ideas?status=used')).body.data.map((idea) => idea.id)).toContain(ideaId);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('at 375 px the ideas page fits and passes axe', async () => {
    const watched = await open({ width: 375 });
    const { page } = watched;
    await page.goto('/ideas');
    await page.getByRole('list', { name: 'New ideas' }).waitFor();
    await noWiderThanThePhone(page);
    await expectAccessible(page, 'ideas at 375 px');
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('analytics (sandbox)', () => {
  const title = 'Published for analytics: what a sandbox week taught us';
  let postId: string;

  beforeAll(async () => {
    postId = await postTitled(title);
    expect((await api('POST', `/posts/${postId}/publish`)).status).toBe(202);
    // The publication and the first reading of its numbers happen in the background: asked until they are there.
    const deadline = Date.now() + 60_000;
    let refreshed: string | null = null;
    while (!refreshed && Date.now() < deadline) {
      const answer = await api<{ analytics?: { refreshed_at: string | null }; refreshed_at?: string | null }>('GET', `/posts/${postId}/analytics`);
      refreshed = answer.body.analytics?.refreshed_at ?? answer.body.refreshed_at ?? null;
      if (!refreshed) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(refreshed).not.toBeNull();
  });

  test('finds the published post in the sortable table and in the chart, with the sandbox’s numbers labelled synthetic', async () => {
    const watched = await open();
    const { page } = watched;
    await page.goto('/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByText('Synthetic numbers.').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
    await row.waitFor();
    const impressions = Number((await row.getByRole('cell').nth(1).innerText()).replace(/\D/g, ''));
    expect(impressions).toBeGreaterThan(0);
    await page.getByRole('term').filter({ hasText: 'Impressions' }).waitFor();

    const figure = page.getByRole('figure', { name: new RegExp(`“${title}” over time`) });
    await figure.waitFor();
    await figure.getByRole('img', { name: /^Impressions: 1 snapshot|^Impressions: \d+ snapshots/ }).waitFor();
    await figure.getByText(/^The numbers/).click();
    await figure
      .getByRole('row')
      .filter({ hasText: impressions.toLocaleString('en-US') })
      .first()
      .waitFor();
    await page.getByRole('figure', { name: /Best times to post/ }).waitFor();
    await expectAccessible(page, 'analytics with a published post, numbers open');

    // Sorting is a link in the column header; the header says how the table is sorted.
    const header = page.getByRole('columnheader').filter({ has: page.getByRole('link', { name: /^Impressions/ }) });
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await header.getByRole('link').click();
    await page.locator('th[aria-sort="descending"]', { hasText: 'Impressions' }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('impressions');
    await page.getByRole('link', { name: 'Last 7 days' }).click();
    await page.waitForURL(/[?&]days=7(&|$)/);
    await row.waitFor();
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });

  test('at 375 px analytics fits the phone and passes axe', async () => {
    const watched = await open({ width: 375 });
    const { page } = watched;
    await page.goto('/analytics');
    await page.getByRole('figure', { name: /Best times to post/ }).waitFor();
    await noWiderThanThePhone(page);
    await expectAccessible(page, 'analytics at 375 px');
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('every planning page', () => {
  test('is in the navigation and shows itself with at most three calls (the session included), axe-clean', async () => {
    const watched = await open();
    const { page } = watched;
    await page.goto('/posts');
    for (const [link, heading, path] of [
      ['Calendar', 'Calendar', '/calendar'],
      ['Ideas', 'Ideas', '/ideas'],
      ['Schedule & settings', 'Schedule & settings', '/settings/schedule'],
      ['Analytics', 'Analytics', '/analytics'],
    ] as const) {
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).getAttribute('href')).toBe(path);
      watched.forgetApiCalls();
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      const calls = watched.apiCalls().filter((call) => !call.endsWith('/events'));
      // The analytics page also reads its two charts' series (one post's snapshots, the weekday × hour grid): five in all, the session carrying the member's zone.
      const limit = path === '/analytics' ? 5 : 3;
      if (calls.length > limit) throw new Error(`${path} made ${calls.length} calls to show itself:\n${calls.join('\n')}`);
      await expectAccessible(page, heading);
    }
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});
