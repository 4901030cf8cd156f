/**
 * The first web link in a post's body: the page its link card shows (decision
 * 0017). `https://…` or `http://…`, or `www.…` (read as https); punctuation that
 * ends the sentence is not part of the link, a closing bracket only when the link
 * opened one ("(see https://x.test/a_(b))."). Links with credentials, and links
 * longer than 2,048 characters, are not cards.
 */
const CANDIDATE = /(?<![\p{L}\p{N}@/.])(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const TRAILING = /[.,;:!?'’"”»…]$/u;
const MAX_URL = 2048;

function trimmed(raw: string): string {
  let link = raw;
  for (;;) {
    const last = link.at(-1) ?? '';
    const unbalanced = (open: string, close: string) => last === close && link.split(close).length > link.split(open).length;
    if (TRAILING.test(last) || unbalanced('(', ')') || unbalanced('[', ']') || unbalanced('{', '}')) link = link.slice(0, -1);
    else return link;
  }
}

export function firstLinkIn(body: string | null | undefined): string | undefined {
  for (const match of (body ?? '').matchAll(CANDIDATE)) {
    const link = trimmed(match[0]);
    const absolute = /^www\./i.test(link) ? `https://${link}` : link;
    let url: URL;
    try {
      url = new URL(absolute);
    } catch {
      continue;
    }
    if (url.username || url.password || (!url.hostname.includes('.') && url.hostname !== 'localhost') || url.href.length > MAX_URL) continue;
    return url.href;
  }
  return undefined;
}
