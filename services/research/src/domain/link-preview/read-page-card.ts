import type { Got } from 'got';
import { isPrivateAddressRefusal } from '@lps/outbound';
import { cardText } from './card-text.js';
import { decodeHtml } from './decode-html.js';
import { pageMetadata } from './page-metadata.js';
import { readLimited } from './read-limited.js';

/** Pages are read up to here: meta tags live in the head, and a page of 1 GB costs 1 MB. */
export const PAGE_MAX_BYTES = 1024 * 1024;
/** The API's limits on a card's texts (services/api/src/schemas/post.ts). */
export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 1000;
const SITE_NAME_MAX = 100;

/** What a page gives a card, before its image is fetched. */
export interface PageCard {
  status: 'ready' | 'unavailable';
  title: string | null;
  description: string | null;
  /** The page's image, still on the page's server. */
  imageUrl?: string;
  siteName: string | null;
  note: string | null;
}

const unavailable = (note: string): PageCard => ({ status: 'unavailable', title: null, description: null, siteName: null, note: `${note}; the post is published as plain text` });

/** A page's address as a title when it names none: host and path, as a reader would recognise it. */
function addressTitle(url: string): string {
  const parsed = new URL(url);
  return cardText(`${parsed.hostname}${parsed.pathname === '/' ? '' : decodeURIComponentSafe(parsed.pathname)}`, TITLE_MAX) ?? parsed.hostname;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function failure(error: unknown): string {
  if (isPrivateAddressRefusal(error)) return 'the link leads to a private or local address, which the service does not read';
  const code = (error as { code?: string }).code;
  if (code === 'ETIMEDOUT') return 'the page did not answer in time';
  if (code === 'ERR_TOO_MANY_REDIRECTS') return 'the page redirects too many times';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "the page's host name does not resolve";
  if (code === 'ECONNREFUSED') return "the page's server refused the connection";
  return `the page could not be read (${(error as Error).message})`;
}

/**
 * Reads a page for its card (decision 0017): Open Graph / Twitter card title,
 * description and image, else its `<title>`, else its address. Only the start of
 * the page is read (until `</head>`, 1 MB or the time limit). A page that cannot be
 * read makes no card — the post is then published as plain text — and says why.
 */
export async function readPageCard(client: Got, url: string, timeoutMs: number): Promise<PageCard> {
  let read;
  try {
    read = await readLimited(client, url, {
      maxBytes: PAGE_MAX_BYTES,
      timeoutMs,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      enoughWhen: (received) => /<\/head\s*>/i.test(received.toString('latin1')),
    });
  } catch (error) {
    return unavailable(failure(error));
  }
  if (read.status < 200 || read.status > 299) return unavailable(`the page answered HTTP ${read.status}`);
  const type = read.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml') {
    return {
      status: 'ready',
      title: addressTitle(read.finalUrl),
      description: null,
      siteName: null,
      note: `the link is not an HTML page (${cardText(type, 100)}): the card shows its address`,
    };
  }
  const meta = pageMetadata(decodeHtml(read.bytes, read.contentType), read.finalUrl);
  return {
    status: 'ready',
    title: cardText(meta.title, TITLE_MAX) ?? addressTitle(read.finalUrl),
    description: cardText(meta.description, DESCRIPTION_MAX),
    ...(meta.image ? { imageUrl: meta.image } : {}),
    siteName: cardText(meta.siteName, SITE_NAME_MAX),
    note: read.cut && !meta.title ? 'only the start of the page could be read (size or time limit)' : null,
  };
}
