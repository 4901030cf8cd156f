const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']);

/** What readers see of a commentary, and what LinkedIn made of it. */
export interface RenderedLittleText {
  text: string;
  hashtags: string[];
  mentions: { name: string; urn: string }[];
  /** Where an unescaped reserved character cut the post (LinkedIn still answers 201), if it did. */
  truncatedAt?: number;
}

// The elements and the template of LinkedIn's "little text format" page. The hashtag
// template's sign is '#' or '＃' (U+FF03); the page's own example leaves it unescaped,
// integrators send it escaped: both are read.
const MENTION = /@\[((?:\\.|[^\]\\])+)\]\((urn:li:(?:person|organization):[^)\s]+)\)/y;
const TEMPLATE = /\{hashtag\|(\\#|#|＃)\|((?:\\.|[^}\\|])+)\}/y;
const BARE_HASHTAG = /#([\p{L}\p{M}\p{N}]+)/uy;

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

const at = (pattern: RegExp, commentary: string, index: number): RegExpExecArray | null => {
  pattern.lastIndex = index;
  return pattern.exec(commentary);
};

/**
 * Reads a commentary the way LinkedIn's little-text page documents it, not the
 * way our client writes it: `\x` is a literal reserved character, mentions and
 * hashtags (element or template) render as their name and `#tag`, and any other
 * unescaped reserved character ends the post there — the real API answers 201
 * and publishes the text cut short, so the fake stores what LinkedIn would show.
 */
export function readLittleText(commentary: string): RenderedLittleText {
  const rendered: RenderedLittleText = { text: '', hashtags: [], mentions: [] };
  for (let index = 0; index < commentary.length;) {
    const char = commentary[index] as string;
    if (!RESERVED.has(char)) {
      rendered.text += char;
      index += 1;
      continue;
    }
    if (char === '\\' && RESERVED.has(commentary[index + 1] ?? '')) {
      rendered.text += commentary[index + 1];
      index += 2;
      continue;
    }
    const mention = char === '@' ? at(MENTION, commentary, index) : null;
    const template = char === '{' ? at(TEMPLATE, commentary, index) : null;
    const bare = char === '#' ? at(BARE_HASHTAG, commentary, index) : null;
    if (mention) {
      const name = unescape(mention[1] as string);
      rendered.mentions.push({ name, urn: mention[2] as string });
      rendered.text += name;
      index += mention[0].length;
    } else if (template || bare) {
      const tag = unescape(((template ?? bare) as RegExpExecArray)[template ? 2 : 1] as string);
      rendered.hashtags.push(tag);
      rendered.text += `${template?.[1] === '＃' ? '＃' : '#'}${tag}`;
      index += ((template ?? bare) as RegExpExecArray)[0].length;
    } else {
      return { ...rendered, truncatedAt: index };
    }
  }
  return rendered;
}
