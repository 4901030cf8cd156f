/**
 * LinkedIn's "little text" format reserves these characters; unescaped ones can
 * silently truncate a post even though the API answers 201.
 */
export const LITTLE_TEXT_RESERVED = ['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~'] as const;

const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** Escapes every reserved character with a backslash (the backslash itself included, so it goes first). */
export const escapeLittleText = (text: string): string => text.replace(RESERVED, (char) => `\\${char}`);

/**
 * What a member or the writer may type in a post body (docs/decisions/0013):
 * - a mention, `@[Name](urn:li:person:…)` or `@[Name](urn:li:organization:…)`,
 *   written exactly as LinkedIn's own MentionElement;
 * - a hashtag, `#word`: a `#` at the start or after a space or punctuation (not
 *   `C#`, not `issue#4`), then letters, marks and digits with at least one letter
 *   (`#1` is a rank, not a tag). The tag ends at the first other character, so
 *   `#ci/cd` tags `ci` and keeps `/cd` as text.
 */
const MENTION = /@\[([^\]\n]{1,200})\]\((urn:li:(?:person|organization):[A-Za-z0-9_-]{1,100})\)/y;
const HASHTAG = /[#＃]([\p{L}\p{M}\p{N}]*\p{L}[\p{L}\p{M}\p{N}]*)/uy;
const TAG_MAY_FOLLOW = /[\s\p{P}\p{S}]/u;

/** A `#` inside a link (`https://x.test/#part`, `www.x.test/#a`) is the link's fragment, not a tag. */
const insideLink = (body: string, index: number): boolean => /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*$/i.test(body.slice(Math.max(0, index - 2048), index));

const startsHashtag = (body: string, index: number): boolean => {
  const before = body[index - 1];
  return (before === undefined || (TAG_MAY_FOLLOW.test(before) && before !== '#' && before !== '＃')) && !insideLink(body, index);
};

/**
 * A post body as `commentary`: mentions and hashtags become little-text
 * elements, every other reserved character is escaped so it reads as written.
 * The hashtag sign inside the template is escaped too (`{hashtag|\#|word}`):
 * LinkedIn's page asks for every reserved character to be escaped "even if
 * not used in one of the supported elements or templates".
 */
export function toLittleText(body: string): string {
  let out = '';
  let plainFrom = 0;
  const flush = (to: number) => {
    out += escapeLittleText(body.slice(plainFrom, to));
  };
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (char === '@') {
      MENTION.lastIndex = index;
      const mention = MENTION.exec(body);
      if (!mention) continue;
      flush(index);
      out += `@[${escapeLittleText(mention[1] as string)}](${mention[2] as string})`;
      index = MENTION.lastIndex - 1;
      plainFrom = MENTION.lastIndex;
    } else if ((char === '#' || char === '＃') && startsHashtag(body, index)) {
      HASHTAG.lastIndex = index;
      const tag = HASHTAG.exec(body);
      if (!tag) continue;
      flush(index);
      // The sign is kept: LinkedIn's template takes '#' (escaped, being reserved) or the full-width '＃' of CJK keyboards.
      out += `{hashtag|${char === '#' ? '\\#' : char}|${tag[1] as string}}`;
      index = HASHTAG.lastIndex - 1;
      plainFrom = HASHTAG.lastIndex;
    }
  }
  flush(body.length);
  return out;
}
