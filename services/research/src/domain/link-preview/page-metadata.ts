import { Parser } from 'htmlparser2';

/** What a page says about itself for a card: Open Graph first, then Twitter card, then plain HTML. */
export interface PageMetadata {
  title?: string;
  description?: string;
  /** Absolute http(s) URL of the page's image, resolved against the page's address. */
  image?: string;
  siteName?: string;
}

// Which tag wins for each field, best first (Open Graph protocol, Twitter cards, HTML).
const TITLE = ['og:title', 'twitter:title'];
const DESCRIPTION = ['og:description', 'twitter:description', 'description'];
const IMAGE = ['og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'];
const SITE_NAME = ['og:site_name', 'application-name'];
const WANTED = new Set([...TITLE, ...DESCRIPTION, ...IMAGE, ...SITE_NAME]);

const first = (found: Map<string, string>, keys: string[]) => keys.map((key) => found.get(key)).find((value) => value !== undefined && value.trim() !== '');

function absoluteImage(raw: string | undefined, pageUrl: string): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim(), pageUrl);
    return /^https?:$/.test(url.protocol) && url.href.length <= 2048 ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the meta tags and `<title>` of (the start of) an HTML page. htmlparser2
 * is forgiving: broken markup, unclosed tags and a page cut at the byte limit
 * still give what was there. Entities are decoded; cleaning is the caller's.
 */
export function pageMetadata(html: string, pageUrl: string): PageMetadata {
  const found = new Map<string, string>();
  let title: string | undefined;
  let inTitle = false;
  let titleText = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && title === undefined) {
          inTitle = true;
          titleText = '';
        }
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          if (WANTED.has(key) && !found.has(key) && attributes.content !== undefined) found.set(key, attributes.content);
        }
        if (name === 'link' && (attributes.rel ?? '').toLowerCase() === 'image_src' && attributes.href && !found.has('link:image_src'))
          found.set('link:image_src', attributes.href);
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (inTitle && title === undefined) title = titleText;
  return {
    title: first(found, TITLE) ?? title,
    description: first(found, DESCRIPTION),
    image: absoluteImage(first(found, IMAGE) ?? found.get('link:image_src'), pageUrl),
    siteName: first(found, SITE_NAME),
  };
}
