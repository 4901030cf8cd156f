import type { Response } from 'express';
import { setHtmlHeaders } from '../security-headers.js';

/** Text as HTML: every character that could open markup or an attribute is escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A trusted fragment of HTML (made from escaped text only). */
export interface Html {
  html: string;
}

export const html = (strings: TemplateStringsArray, ...values: Array<string | Html>): Html => ({
  html: strings.reduce((out, part, index) => {
    const value = values[index - 1];
    return out + (typeof value === 'string' ? escapeHtml(value) : (value?.html ?? '')) + part;
  }),
});

/** The web app's icon and stylesheet (set per request by the dashboard), so the server's pages look like the app's; an empty icon while it is not built. */
const pageHeadOf = (res: Response): string => (res.locals.pageHead as string | undefined) ?? '<link rel="icon" href="data:,">';

/**
 * One of the server's own pages (not found, not built, the sandbox's sign-in, plain HTTP): plain HTML
 * with a language, a title, one heading and no script or inline style, under the dashboard's CSP.
 */
export function sendPage(res: Response, status: number, title: string, body: Html, options: { signIn?: boolean } = {}): void {
  setHtmlHeaders(res, options);
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · lps</title>${pageHeadOf(res)}</head><body><main id="main" class="bare">${body.html}</main></body></html>`,
    );
}
