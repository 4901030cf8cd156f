import { randomBytes } from 'node:crypto';
import { databaseUrlFor, dropDatabaseNamed, hugePng } from '@lps/testing';
import type { JSHandle, Locator, Page } from 'playwright-core';
import { freePort, runLpsCli, startInShell, userEnvironment, waitForHealth, type StartedService } from '../../../all/test/support/user-session.js';
import { expectAccessible, expectFewCalls, expectFocused, launchBrowser, openPage, tabTo, type LaunchedBrowser, type WatchedPage } from './support/browser.js';

// The browser's globals, for the callbacks given to page.evaluate (this file only: see member-journey.test.ts).
declare const window: any;
declare const document: any;
declare const DataTransfer: any;
declare const File: any;
declare const getComputedStyle: (element: unknown) => { font: string };

// The studio's writing pages from a member's side, with `npm start`'s defaults (sandbox network,
// builtin writer): compose from an idea, the editor's preview and its fold, media by drag and
// drop and the file picker, the queue and the schedule in the member's zone, publishing followed
// without a reload, a failure fixed and retried from the inbox, approval, at 1280 and 375 px and
// by keyboard; axe on every page, dialog and state reached.

const databaseName = `lps_studio_w_${process.pid}_${randomBytes(3).toString('hex')}`;
const redisPrefix = `studiow${process.pid}`;
let origin: string;
let service: StartedService;
let chromium: LaunchedBrowser;
let environment: NodeJS.ProcessEnv;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  environment = userEnvironment({ PORT: String(port), DATABASE_URL: databaseUrlFor(databaseName), LPS_REDIS_PREFIX: redisPrefix, LPS_HEALTH_PORT: '0' });
  service = startInShell('npm start', environment);
  await waitForHealth(`${origin}/api/v1`, service);
  chromium = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await service?.interrupt();
  await dropDatabaseNamed(databaseName);
});

async function signIn(page: Page, name: string): Promise<string> {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with the sandbox' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sign in under this name' }).click();
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  return (await member(page)).id;
}

/** The member's own API through the page's session, as the page calls it (same origin, CSRF-checked). */
async function api<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([method, path, body]) => {
      const response = await window.fetch(path, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status as number, body: text ? JSON.parse(text) : null };
    },
    [method, path.startsWith('/dashboard/') ? path : `/dashboard/api/v1${path}`, body] as const,
  );
}

async function member(page: Page): Promise<{ id: string }> {
  return (await api<{ member: { id: string } }>(page, 'GET', '/dashboard/api/session')).body.member;
}

async function readPost(page: Page, id: string): Promise<any> {
  const answer = await api<{ post: any }>(page, 'GET', `/posts/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.post;
}

/** Waits until `check` holds (reading the page or the API again each time), up to `ms`. */
async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

const preview = (page: Page) => page.getByRole('region', { name: 'Preview', exact: true });
const textBox = (page: Page) => page.getByRole('textbox', { name: 'Post text' });
const AGREED = 'Checked with the server: it reads the text exactly as this page does.';

/** The rendered lines of one list of the preview ("Desktop: lines before …see more", …), as written. */
async function lines(page: Page, list: string): Promise<string[]> {
  const found = preview(page).getByRole('list', { name: list, exact: true });
  if ((await found.count()) === 0) return [];
  return found.locator('li').evaluateAll((items) => items.map((item) => (item.textContent as string).replace(/[ \t]+$/u, '')));
}

/** Types a whole new text into the editor and waits until the server has checked that text and agreed. */
async function setText(page: Page, text: string): Promise<void> {
  await textBox(page).fill(text);
  await until(
    'the preview checked with the server',
    async () => ({
      status: await preview(page)
        .getByText(/^(Checked with|Checking|The server)/)
        .innerText(),
      value: await textBox(page).inputValue(),
    }),
    (state) => state.status === AGREED && state.value === text,
  );
}

async function writeFromIdea(page: Page, idea: string): Promise<string> {
  await page.goto('/compose');
  await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
  await page.getByRole('textbox', { name: 'Idea' }).fill(idea);
  await page.getByRole('button', { name: 'Write the post' }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
  await preview(page).getByText(AGREED).waitFor();
  return /\/posts\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
}

async function noWiderThanThePage(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) throw new Error(`${what} is ${overflow} px wider than the window`);
}

/** A real drop of a file, as a browser sends it after a drag from the desktop: dragenter, dragover, drop, with a DataTransfer holding the file. */
async function dropFile(page: Page, target: Locator, name: string, bytes: Buffer, type: string): Promise<void> {
  const transfer: JSHandle = await page.evaluateHandle(
    ([name, data, type]) => {
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return dataTransfer;
    },
    [name, [...bytes], type] as const,
  );
  for (const event of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(event, { dataTransfer: transfer });
}

describe('writing a post, from the idea to the queue', () => {
  let watched: WatchedPage;
  let page: Page;
  let postId: string;

  beforeAll(async () => {
    watched = await openPage(chromium.browser, { baseURL: origin });
    page = watched.page;
    await signIn(page, 'Writer Wren');
    expect((await api(page, 'PATCH', '/settings', { time_zone: 'Europe/Paris' })).status).toBe(200);
  });

  afterAll(async () => {
    await watched?.context.close();
  });

  test('compose writes a post from an idea with a template and opens the editor on it, the preview checked with the server', async () => {
    await page.goto('/posts');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await expectAccessible(page, 'the compose page');
    // An empty idea is refused next to the field, in words.
    await page.getByRole('button', { name: 'Write the post' }).click();
    await page.getByRole('textbox', { name: 'Idea' }).and(page.locator('[aria-invalid="true"]')).waitFor();
    await expectAccessible(page, 'the compose page with the idea refused');
    await page.getByRole('textbox', { name: 'Idea' }).fill('Why small teams ship faster with fewer meetings');
    await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Lesson learned' });
    await page.getByRole('button', { name: 'Write the post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    postId = /\/posts\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
    const post = await readPost(page, postId);
    expect(post.idea).toBe('Why small teams ship faster with fewer meetings');
    expect(await textBox(page).inputValue()).toBe(post.body);
    await preview(page).getByText(AGREED).waitFor();
    const server = (await api(page, 'GET', `/posts/${postId}/preview`)).body.preview;
    await preview(page).getByText(`${server.characters} / 3,000`).waitFor();
    await expectAccessible(page, 'the editor with its preview');
    expect(watched.problems()).toEqual([]);
  });

  test('the fold moves as a line is added above it, at desktop and at phone width, where the lines show it', async () => {
    const base = ['Three lines show before the fold.', 'This is the second.', 'And this one is the third.', 'The fourth waits behind “…see more”.'];
    await setText(page, base.join('\n'));
    for (const width of ['Desktop', 'Phone']) {
      expect(await lines(page, `${width}: lines before …see more`)).toEqual(base.slice(0, 3));
      expect(await lines(page, `${width}: lines behind …see more`)).toEqual(base.slice(3));
    }
    await preview(page).getByText('“…see more” after line 3 of 4').first().waitFor();

    // A line added above: the third line goes behind the fold, at both widths.
    await textBox(page).press('Control+Home');
    await textBox(page).pressSequentially('A new opening line.\n');
    await until(
      'the new first line in the preview',
      () => lines(page, 'Desktop: lines before …see more'),
      (shown) => shown[0] === 'A new opening line.',
    );
    for (const width of ['Desktop', 'Phone']) {
      expect(await lines(page, `${width}: lines before …see more`)).toEqual(['A new opening line.', ...base.slice(0, 2)]);
      expect(await lines(page, `${width}: lines behind …see more`)).toEqual(base.slice(2));
    }

    // A long first line wraps on a phone and not on a desktop: the fold falls on different words.
    const long = 'This opening line is long enough to wrap on a phone, not a desktop.';
    await setText(page, [long, ...base].join('\n'));
    expect(await lines(page, 'Desktop: lines before …see more')).toEqual([long, base[0], base[1]]);
    const phone = await lines(page, 'Phone: lines before …see more');
    expect(phone.slice(0, 2).join(' ')).toBe(long);
    expect(phone[2]).toBe(base[0]);

    // A link in the saved text makes a link card, which the member can turn off.
    await setText(page, 'Read the guide at https://example.com/guide before you start.');
    await page.getByRole('button', { name: 'Save text' }).click();
    const card = page.getByRole('checkbox', { name: 'Show the link card under the text' });
    await card.waitFor();
    expect(await card.isChecked()).toBe(true);
    await card.uncheck();
    await until(
      'the card turned off',
      async () => (await readPost(page, postId)).link_preview?.enabled,
      (enabled) => enabled === false,
    );
    expect(await card.isChecked()).toBe(false);

    // A blank third line: the fold comes after the second.
    await setText(page, ['One.', 'Two.', '', 'Four.', 'Five.'].join('\n'));
    expect(await lines(page, 'Desktop: lines before …see more')).toEqual(['One.', 'Two.']);
    await expectAccessible(page, 'the editor with the fold after a blank line');
  });

  test('the preview’s lines are the lines Chromium itself wraps the text into at each width', async () => {
    const texts = [
      'LinkedIn folds a post behind “see more” after three lines, and how many words make a line depends on the reader’s screen: a phone holds fewer than a desktop, so the same words fold earlier there. ',
      'Emoji 👩‍👩‍👧‍👦 and flags 🇫🇷🇩🇪 count too, and a link like https://example.com/a/very/long/path/that/does/not/fit/on/one/line/of/a/phone/at/all?with=query wraps where it must.',
      'Short.\n\nA paragraph after a blank line, long enough to wrap at the narrower of the two widths the preview draws.',
    ];
    for (const text of texts) {
      await setText(page, text);
      for (const [width, px] of [
        ['Desktop', 552],
        ['Phone', 375],
      ] as const) {
        const shown = [
          ...(await lines(page, `${width}: lines before …see more`)),
          ...(await lines(page, `${width}: lines behind …see more`)),
          ...(await lines(page, `${width}: lines`)),
        ];
        const font = await preview(page)
          .locator('.feed-text')
          .first()
          .evaluate((element) => getComputedStyle(element).font);
        const wrapped = await page.evaluate(
          ([text, px, font]) => {
            const box = document.createElement('div');
            Object.assign(box.style, { position: 'absolute', left: '-10000px', width: `${px}px`, font, lineHeight: '20px', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' });
            box.textContent = text.trim();
            document.body.append(box);
            const count = Math.round(box.getBoundingClientRect().height / 20);
            box.remove();
            return count;
          },
          [text, px, font] as const,
        );
        expect({ text: text.slice(0, 30), width, lines: shown.length }).toEqual({ text: text.slice(0, 30), width, lines: wrapped });
      }
    }
  });

  test('a PNG dropped on the editor uploads with a progress bar and its alt text; another from the file picker; both ordered by keyboard and by drag', async () => {
    await setText(page, 'A post with two pictures.\n\n#photos');
    await page.getByRole('button', { name: 'Save text' }).click();
    await page.getByText('The text is saved.').waitFor();
    const dropZone = page.getByText('Drop a file here, or').locator('..');
    await page.getByRole('textbox', { name: 'Alt text for the image you upload (optional)' }).fill('A black square, dropped');

    // The upload is held at the server's door while the page shows it in progress.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/images/upload', async (route) => {
      await held;
      await route.continue();
    });
    await dropFile(page, dropZone, 'dropped.png', await hugePng(640, 480), 'image/png');
    await page.getByRole('progressbar', { name: 'Uploading dropped.png' }).waitFor();
    await expectAccessible(page, 'the editor with an upload in progress');
    release();
    await page.getByText('“dropped.png” is uploaded and is now the post’s image.').waitFor();
    await page.unroute('**/images/upload');
    let post = await until(
      'the upload on the post',
      () => readPost(page, postId),
      (value) => value.images.length === 1,
    );
    expect(post.images[0].alt_text).toBe('A black square, dropped');
    await page.getByRole('textbox', { name: 'Alt text for image 1' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Alt text for image 1' }).inputValue()).toBe('A black square, dropped');

    // The file picker: the second upload becomes the post's image; both are then chosen, in order.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image, PDF or video' }).click();
    await (await chooser).setFiles({ name: 'picked.png', mimeType: 'image/png', buffer: await hugePng(800, 600) });
    await page.getByText('“picked.png” is uploaded and is now the post’s image.').waitFor();
    // Each upload is a candidate as sent (and LinkedIn-sized copies of it): the picked file is now the post's image.
    const dropped = post.images[0].image_url as string;
    post = await until(
      'the second upload',
      () => readPost(page, postId),
      (value) => value.images.length === 1 && value.images[0].image_url !== dropped,
    );
    const picked = post.images[0].image_url as string;
    expect(post.image_candidates.find((candidate: any) => candidate.base_url === picked)).toMatchObject({ width: 800, height: 600, source: 'upload' });
    await page.getByRole('checkbox', { name: 'Use Image 1, uploaded, 640×480' }).check();
    await page.getByRole('textbox', { name: 'Alt text for image 2' }).waitFor();
    await page.getByText('No alt text: screen readers will not describe this image.').first().waitFor();

    // By keyboard: "Move down" on image 1 puts the dropped square first; the focus follows the image.
    const moveDown = page.getByRole('button', { name: 'Move down image 1' });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Image 1 moved down: it is now 2 of 2.', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move up image 2');
    // By drag: the first image dragged onto the second swaps them back.
    const rows = page.getByRole('list', { name: 'Chosen media, in publishing order' }).getByRole('listitem');
    const drag: JSHandle = await page.evaluateHandle(() => new DataTransfer());
    await rows.nth(0).dispatchEvent('dragstart', { dataTransfer: drag });
    await rows.nth(1).dispatchEvent('dragover', { dataTransfer: drag });
    await rows.nth(1).dispatchEvent('drop', { dataTransfer: drag });
    await page.getByText('Image 1 moved to place 2 of 2.', { exact: false }).waitFor();
    // And by keyboard once more, so the dropped square leads.
    await page.getByRole('button', { name: 'Move up image 2' }).click();
    await page.getByRole('textbox', { name: 'Alt text for image 2' }).fill('');
    await page.getByRole('button', { name: 'Save images' }).click();
    await page.getByText('The post has 2 images in this order.').waitFor();
    post = await readPost(page, postId);
    expect(post.images.map((image: any) => image.image_url)).toEqual([dropped, picked]);
    expect(post.images.map((image: any) => image.alt_text)).toEqual(['A black square, dropped', null]);
    // A missing alt text is a warning, not a block: the preview says so in words.
    await preview(page).getByText('Image 2 of 2 has no alt text', { exact: false }).waitFor();
    await expect(preview(page).getByRole('list', { name: '2 images, in publishing order' }).getByRole('img').count()).resolves.toBe(1);
    await expectAccessible(page, 'the editor with two images and an alt-text warning');
    expect(watched.problems()).toEqual([]);
  });

  test('"Add to queue" takes the next free slot, said in the member’s zone beside UTC, and the API has the same time', async () => {
    await page.getByRole('button', { name: 'Add to queue' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Added to the queue' });
    await status.waitFor();
    const shown = await status.locator('time').getAttribute('datetime');
    const post = await readPost(page, postId);
    expect(post.status).toBe('scheduled');
    expect(shown).toBe(post.scheduled_at);
    await status.getByText('(Europe/Paris)').waitFor();
    const slots = (await api(page, 'GET', `/schedule/slots?from=${encodeURIComponent(new Date().toISOString())}`)).body.data as {
      at: string;
      local: string;
      post_id: string | null;
    }[];
    const slot = slots.find((entry) => entry.post_id === postId);
    expect(slot?.at).toBe(post.scheduled_at);
    // The wall time shown is the slot's, in Paris.
    expect(await status.innerText()).toContain(slot?.local.slice(11, 16));
    await page.getByText('Scheduled for').waitFor();
    await expectAccessible(page, 'the editor after queueing');

    await page.getByRole('button', { name: 'Unschedule' }).click();
    await page.getByRole('status').filter({ hasText: 'Unscheduled' }).waitFor();
    expect((await readPost(page, postId)).status).not.toBe('scheduled');
  });

  test('a best time fills the picker with its next occurrence in the member’s zone, and Schedule keeps that instant', async () => {
    await page.getByRole('button', { name: 'Pick a date and time' }).click();
    const best = page.getByRole('list', { name: 'Best times to post' }).getByRole('button').first();
    await best.click();
    const filled = /Filled in with the next (\w+) (\d\d:\d\d)\./.exec(await page.getByText(/^Filled in with the next/).innerText());
    const date = await page.getByLabel('Date', { exact: true }).inputValue();
    const time = await page.getByLabel('Time (Europe/Paris)').inputValue();
    expect(time).toBe(filled?.[2]);
    expect(new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))).toBe(filled?.[1]);
    expect(await best.innerText()).toContain(`${filled?.[1]} ${filled?.[2]}`);
    await expectAccessible(page, 'the date and time picker with best times');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Scheduled: it goes out' }).waitFor();
    const post = await readPost(page, postId);
    // The instant scheduled is that wall time in Paris.
    const paris = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(post.scheduled_at))
      .replace(', ', 'T');
    expect(paris).toBe(`${date}T${time}`);
    await page.getByRole('button', { name: 'Unschedule' }).click();
    await page.getByRole('status').filter({ hasText: 'Unscheduled' }).waitFor();
  });

  test('regenerate with a template and delete ask first, in dialogs', async () => {
    await page.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the text' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'How-to list' });
    await expectAccessible(page, 'the regenerate dialog');
    const before = await textBox(page).inputValue();
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await until(
      'the new text',
      () => textBox(page).inputValue(),
      (value) => value !== before,
    );
    expect((await readPost(page, postId)).body).toBe(await textBox(page).inputValue());

    await page.getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await confirm.waitFor();
    await expectAccessible(page, 'the delete confirmation');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect((await api(page, 'GET', `/posts/${postId}`)).status).toBe(200);
  });

  test('a poll replaces media: the API’s reason is shown; on a post without media it is added, previewed and removed', async () => {
    await page.getByRole('button', { name: 'Add poll' }).click();
    await page.getByRole('textbox', { name: 'Question' }).fill('Which do you use?');
    await page.getByRole('textbox', { name: 'Option 1' }).fill('Meetings');
    await page.getByRole('textbox', { name: 'Option 2' }).fill('Documents');
    await page.getByRole('button', { name: 'Save poll' }).click();
    // This post has images: the API says why a poll cannot go with them, and the page shows it.
    await page.getByRole('alert').filter({ hasText: /poll/i }).waitFor();
    await expectAccessible(page, 'the poll refused beside images');

    const other = await writeFromIdea(page, 'A poll about how teams decide');
    await page.getByRole('button', { name: 'Add poll' }).click();
    await page.getByRole('textbox', { name: 'Question' }).fill('<script>window.__pwned=1</script> How do you decide?');
    await page.getByRole('textbox', { name: 'Option 1' }).fill('Vote');
    await page.getByRole('textbox', { name: 'Option 2' }).fill('Consensus');
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByRole('textbox', { name: 'Option 3' }).fill('The boss');
    await page.getByRole('combobox', { name: 'Open for' }).selectOption({ label: '3 days' });
    await page.getByRole('button', { name: 'Save poll' }).click();
    await page.getByText('The poll is saved').waitFor();
    await preview(page).getByRole('list', { name: 'Poll options' }).getByText('The boss').waitFor();
    await preview(page).getByText('<script>window.__pwned=1</script> How do you decide?').waitFor();
    expect((await readPost(page, other)).poll).toEqual({
      question: '<script>window.__pwned=1</script> How do you decide?',
      options: ['Vote', 'Consensus', 'The boss'],
      duration_days: 3,
    });
    await expectAccessible(page, 'the editor with a poll');
    await page.getByRole('button', { name: 'Remove poll' }).click();
    await page.getByText('The poll is removed.').waitFor();
    expect((await readPost(page, other)).poll).toBeNull();
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(watched.problems()).toEqual([]);
  });
});

describe('the local preview and the server’s', () => {
  test('agree on hostile bodies: the page shows, before the server answers, what the server then answers', async () => {
    const watched = await openPage(chromium.browser, { baseURL: origin });
    const { page } = watched;
    await signIn(page, 'Hostile Hana');
    const id = await writeFromIdea(page, 'Hostile text in the editor');
    const bodies = [
      'Every reserved character: \\ | { } @ [ ] ( ) < > # * _ ~ and a backslash at the end \\',
      '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> javascript:alert(3)',
      'Emoji 👩‍👩‍👧‍👦 🇫🇷 and skin tones 👍🏽, RTL مرحبا بالعالم and marks é̃ n̈',
      '#ai #C# issue#4 #2024 #node.js ＃日本 a # lone hash and https://example.com/#fragment',
      'Mention @[Ada Lovelace](urn:li:person:abc123) and a broken @[Bob](nope) and @handle',
      '   leading and trailing spaces and tabs\t\t\n\n',
      'Already escaped \\# and \\@ and {hashtag|\\#|fake} markup typed by hand',
    ];
    let hold: (() => void) | undefined;
    let holding = false;
    await page.route('**/preview', async (route) => {
      if (holding && route.request().method() === 'POST') await new Promise<void>((resolve) => (hold = resolve));
      await route.continue();
    });
    for (const body of bodies) {
      const expected = (await api(page, 'POST', `/posts/${id}/preview`, { body })).body.preview;
      holding = true;
      await textBox(page).fill(body);
      // The server's answer is held: what shows now is the page's own composition.
      await until(
        'the held check',
        async () => hold !== undefined,
        (held) => held,
      );
      await preview(page).getByText('Checking with the server…').waitFor();
      await preview(page)
        .getByText(`${expected.characters.toLocaleString('en-US')} / 3,000`)
        .waitFor();
      const local = [
        ...(await lines(page, 'Desktop: lines before …see more')),
        ...(await lines(page, 'Desktop: lines behind …see more')),
        ...(await lines(page, 'Desktop: lines')),
      ];
      expect(local.join('\n').replace(/\s+/g, ' ').trim()).toBe(expected.text.replace(/\s+/g, ' ').trim());
      expect(
        await preview(page)
          .locator('p')
          .filter({ hasText: /^Hashtags:/ })
          .innerText(),
      ).toBe(`Hashtags: ${expected.hashtags.length ? expected.hashtags.join(' ') : 'none'}`);
      holding = false;
      hold?.();
      hold = undefined;
      await preview(page).getByText(AGREED).waitFor();
    }

    // Typing never waits for the network: with the server's answer held, every keystroke still shows in the preview.
    await textBox(page).fill('');
    holding = true;
    const typed = 'Typed while the server is silent';
    for (const [index, char] of [...typed].entries()) {
      await textBox(page).press(char === ' ' ? 'Space' : char);
      // The count is of the text as it would be saved: trimmed, as PATCH trims it.
      await preview(page)
        .getByText(`${typed.slice(0, index + 1).trim().length} / 3,000`, { exact: true })
        .waitFor();
    }
    expect(await lines(page, 'Desktop: lines')).toEqual(['Typed while the server is silent']);
    holding = false;
    hold?.();
    hold = undefined;
    await preview(page).getByText(AGREED).waitFor();
    await page.unroute('**/preview');

    // And it asks the server at most once per 400 ms however fast the keys come (CHECK_GAP_MS in use-preview.ts),
    // timed by the browser's own clock: when each check left (Resource Timing), against when the burst began and ended.
    const from = await page.evaluate(() => {
      window.performance.clearResourceTimings();
      return window.performance.now() as number;
    });
    await textBox(page).pressSequentially(' and then a burst of quick typing, forty-odd keys', { delay: 15 });
    const to = await page.evaluate(() => window.performance.now() as number);
    await preview(page).getByText(AGREED).waitFor();
    const checks = await page.evaluate(
      (since) =>
        (window.performance.getEntriesByType('resource') as { name: string; startTime: number }[])
          .filter((entry) => entry.name.endsWith('/preview') && entry.startTime >= since)
          .map((entry) => entry.startTime),
      from,
    );
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((at) => at <= to).length).toBeLessThanOrEqual(Math.floor((to - from) / 400) + 1);
    for (let index = 1; index < checks.length; index += 1) expect((checks[index] as number) - (checks[index - 1] as number)).toBeGreaterThanOrEqual(395);
    await expectAccessible(page, 'the editor showing hostile text and its warnings');
    const state = await page.evaluate(() => ({
      pwned: window.__pwned,
      scriptLinks: [...document.querySelectorAll('a')].filter((link: any) => link.href.startsWith('javascript:')).length,
    }));
    expect(state).toEqual({ pwned: undefined, scriptLinks: 0 });
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('publishing, failures and approval', () => {
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    watched = await openPage(chromium.browser, { baseURL: origin });
    page = watched.page;
    await signIn(page, 'Publisher Pat');
  });

  afterAll(async () => {
    await watched?.context.close();
  });

  test('"Generate images" shows its progress until the candidates are ready, and "Publish now" shows the post published, without a reload', async () => {
    await writeFromIdea(page, 'A post that goes out at once');
    await page.evaluate(() => (window.__samePage = true));
    await page.getByRole('button', { name: 'Generate images' }).click();
    await page.getByRole('progressbar', { name: 'Making images' }).waitFor();
    await expectAccessible(page, 'the editor while images are made');
    // post.images_ready on the events stream: the candidates appear on the same page.
    await page.getByRole('checkbox', { name: /^Use Image 1, generated/ }).waitFor();
    await page.getByRole('progressbar', { name: 'Making images' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').filter({ hasText: 'This post is published' }).waitFor();
    await page.getByRole('link', { name: /View on LinkedIn/ }).waitFor();
    expect(await page.evaluate(() => window.__samePage)).toBe(true);
    const id = /\/posts\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
    expect((await readPost(page, id)).status).toBe('published');
    await expectAccessible(page, 'the editor of a published post');
    // Reused: the published post's page makes a new draft of its words, and the editor opens on it.
    const published = await readPost(page, id);
    await page.goto(`/posts/${id}`);
    await expectAccessible(page, "a published post's page");
    await page.getByRole('button', { name: 'Duplicate post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    const copyId = /\/posts\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
    expect(copyId).not.toBe(id);
    expect(await textBox(page).inputValue()).toBe(published.body);
    expect(await readPost(page, copyId)).toMatchObject({ status: 'draft_saved', body: published.body, image_url: null });
    expect((await readPost(page, id)).status).toBe('published');
    expect(watched.problems()).toEqual([]);
  });

  test('a publication the sandbox refuses is in the failure inbox with LinkedIn’s reason; fixed and retried from there, it leaves the inbox', async () => {
    await page.goto('/failures');
    await page.getByRole('heading', { level: 1, name: 'Failures' }).waitFor();
    await page.getByText('No failed publications').waitFor();
    await expectAccessible(page, 'the failure inbox, empty');

    // The sandbox's switch, on the failures page: LinkedIn will refuse the next publication as a duplicate.
    await page.getByRole('button', { name: 'Choose a refusal' }).click();
    const duplicate = page.getByRole('radio', { name: /duplicate/i });
    await duplicate.check();
    await expectAccessible(page, 'the sandbox’s refusal switch');
    await page.getByRole('button', { name: 'Refuse my next publication' }).click();
    await page.getByRole('status').filter({ hasText: 'Your next publication will be refused' }).waitFor();
    expect((await api(page, 'GET', '/dashboard/api/sandbox')).body.armed).toBe('duplicate');

    const id = await writeFromIdea(page, 'A post LinkedIn will refuse once');
    await page.getByRole('button', { name: 'Publish now' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'The last publication failed.' });
    await failed.waitFor();
    await expectAccessible(page, 'the editor after a failed publication');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Failures' }).click();
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Fix and retry/ }) });
    await entry.waitFor();
    const reason = (await api(page, 'GET', '/publication-failures')).body.data[0];
    expect(reason.post_id).toBe(id);
    await entry.getByText(reason.error, { exact: false }).waitFor();
    await entry.getByText(reason.code, { exact: true }).waitFor();
    await expectAccessible(page, 'the failure inbox with a failure');

    await entry.getByRole('link', { name: /Fix and retry/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    await page.getByText('Fix what it refused, then publish or queue the post again').waitFor();
    await setText(page, 'Rewritten so it is not a duplicate any more.\n\n#retry');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('link', { name: /View on LinkedIn/ }).waitFor();
    expect((await readPost(page, id)).status).toBe('published');
    await page.goto('/failures');
    await page.getByText('No failed publications').waitFor();
    expect(watched.problems()).toEqual([]);
  });

  test('with approval required: publishing waits for approval; Reject with a note from the post, Approve from the review list', async () => {
    expect((await api(page, 'PATCH', '/settings', { approval_required: true })).status).toBe(200);
    const id = await writeFromIdea(page, 'A post a reviewer must approve');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Review', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /approv/i })
      .waitFor();
    await expectAccessible(page, 'the editor refusing to publish before approval');

    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this post?' });
    await dialog.getByRole('textbox', { name: 'Note for the writer (optional)' }).fill('Say who it is for <b>first</b>.');
    await expectAccessible(page, 'the reject dialog');
    await dialog.getByRole('button', { name: 'Reject post' }).click();
    await page.getByText('Rejected by the reviewer:').waitFor();
    await page.getByText('Say who it is for <b>first</b>.').first().waitFor();
    expect((await readPost(page, id)).review_note).toBe('Say who it is for <b>first</b>.');

    // Revised, it waits for review again.
    await setText(page, 'For team leads: why small teams ship faster.');
    await page.getByRole('button', { name: 'Save text' }).click();
    await page.getByText('The text is saved.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
    await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'For team leads: why small teams ship faster.' });
    await item.waitFor();
    await expectAccessible(page, 'the review list');
    await item.getByRole('button', { name: /^Approve/ }).click();
    await page.getByRole('status').filter({ hasText: 'is approved' }).waitFor();
    expect((await readPost(page, id)).status).toBe('approved');
    await item.waitFor({ state: 'detached' });

    await page.goto(`/posts/${id}/edit`);
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByRole('status').filter({ hasText: 'Added to the queue' }).waitFor();
    expect((await api(page, 'PATCH', '/settings', { approval_required: false })).status).toBe(200);
    expect(watched.problems()).toEqual([]);
  });

  test('each writing page shows itself with few calls, and passes axe', async () => {
    const id = (await api(page, 'POST', '/posts', { idea: 'Counting calls' })).body.post.id;
    // The posts list and each post's page lead to the editor.
    await page.goto('/posts');
    await page
      .getByRole('link', { name: /^Edit “/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/posts/${id}/edit`);
    await page.goto(`/posts/${id}`);
    await page.getByRole('link', { name: 'Edit post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/posts/${id}/edit`);
    const pages: [string, string, number][] = [
      ['/compose', 'Compose', 3],
      ['/review', 'Review', 3],
      ['/failures', 'Failures', 3],
      // The session (with the member's settings), then side by side: the post, the preview's check with the server, and the live events stream.
      [`/posts/${id}/edit`, 'Edit post', 4],
    ];
    for (const [path, heading, most] of pages) {
      await expectFewCalls(watched, path, heading, most);
      await expectAccessible(page, path);
    }
  });
});

describe('compose → queue with the keyboard alone', () => {
  test('types an idea, writes the post, reaches "Add to queue" by Tab and queues it', async () => {
    const watched = await openPage(chromium.browser, { baseURL: origin });
    const { page } = watched;
    await signIn(page, 'Keyboard Kai');
    await page.goto('/compose');
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await page.keyboard.press('Tab');
    await expectFocused(page.getByRole('link', { name: 'Skip to content' }), 'the skip link');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('textbox', { name: 'Idea' }), 'the idea');
    await page.keyboard.type('Typed without a mouse: why keyboards matter');
    await tabTo(page, page.getByRole('combobox', { name: 'Template' }), 'the template', 3);
    await tabTo(page, page.getByRole('checkbox', { name: 'Research the idea on the web first' }), 'research', 3);
    await tabTo(page, page.getByRole('button', { name: 'Write the post' }), 'Write the post', 3);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
    await preview(page).getByText(AGREED).waitFor();
    await tabTo(page, textBox(page), 'the post text');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\nAdded by keyboard.');
    const queue = page.getByRole('button', { name: 'Add to queue' });
    await tabTo(page, queue, 'Add to queue');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Added to the queue' }).waitFor();
    const id = /\/posts\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] as string;
    const post = await readPost(page, id);
    expect(post.status).toBe('scheduled');
    expect(post.body.endsWith('Added by keyboard.')).toBe(true);
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});

describe('on a phone, 375 px wide', () => {
  test('compose, the editor (stacked with its preview), review and failures fit the width and pass axe, dialogs and states included', async () => {
    const watched = await openPage(chromium.browser, { baseURL: origin, width: 375, height: 740 });
    const { page } = watched;
    const memberId = await signIn(page, 'Phone Pia');
    for (const [link, heading] of [
      ['Compose', 'Compose'],
      ['Review', 'Review'],
      ['Failures', 'Failures'],
    ] as [string, string][]) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await noWiderThanThePage(page, heading);
      await expectAccessible(page, `${heading} at 375 px`);
    }
    const id = await writeFromIdea(page, 'Written on a phone');
    await noWiderThanThePage(page, 'the editor');
    // Stacked: the preview comes after the text, not beside it.
    const text = await textBox(page).boundingBox();
    const shown = await preview(page).boundingBox();
    expect(shown && text && shown.y > text.y + text.height).toBe(true);
    await expectAccessible(page, 'the editor at 375 px');
    await dropFile(page, page.getByText('Drop a file here, or').locator('..'), 'phone.png', await hugePng(400, 300), 'image/png');
    await page.getByText('“phone.png” is uploaded and is now the post’s image.').waitFor();
    await preview(page).getByText('has no alt text', { exact: false }).waitFor();
    await noWiderThanThePage(page, 'the editor with an image');
    await expectAccessible(page, 'the editor with an image at 375 px');
    await page.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this post?' }).waitFor();
    await expectAccessible(page, 'the delete confirmation at 375 px');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    expect((await api(page, 'GET', `/posts/${id}`)).status).toBe(404);

    const queued = await writeFromIdea(page, 'Queued from a phone');
    await page.getByRole('button', { name: 'Add to queue' }).click();
    await page.getByRole('status').filter({ hasText: 'Added to the queue' }).waitFor();
    expect((await readPost(page, queued)).status).toBe('scheduled');
    await noWiderThanThePage(page, 'the editor after queueing');

    // `lps sandbox fail-next` (the CLI, as docs/cli.md has it): the next publication is refused; the inbox shows it at 375 px.
    await writeFromIdea(page, 'Refused on a phone');
    runLpsCli(['sandbox', 'fail-next', memberId, '--error', 'access_denied'], environment);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alert').filter({ hasText: 'The last publication failed.' }).waitFor();
    await noWiderThanThePage(page, 'the editor after a failed publication');
    await expectAccessible(page, 'the editor after a failed publication at 375 px');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Failures' }).click();
    await page.getByRole('link', { name: /Fix and retry/ }).waitFor();
    await noWiderThanThePage(page, 'the failure inbox with a failure');
    await expectAccessible(page, 'the failure inbox with a failure at 375 px');
    expect(watched.problems()).toEqual([]);
    await watched.context.close();
  });
});
