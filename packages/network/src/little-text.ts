import { hashtagNote, mentionNote, truncatedTagNote } from './little-text-notes.js';

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

export interface CommentaryMention {
  name: string;
  urn: string;
}

/** A post body as LinkedIn receives it, and what its readers will see. */
export interface ComposedCommentary {
  /** The `commentary` of the Posts API create, in little text: exactly what is sent. */
  commentary: string;
  /** What readers see: every escape gone, hashtags as `#word`, mentions as the name alone. */
  text: string;
  /** The hashtags LinkedIn will make, as readers see them (`#word`, or `＃word` from a CJK keyboard), in order. */
  hashtags: string[];
  mentions: CommentaryMention[];
  /** In words: what looks like a hashtag or a mention but will not become one (or not the one it looks like). */
  notes: string[];
}

/**
 * The one function that turns a post body into LinkedIn's `commentary` (decision
 * 0032): the publisher sends its `commentary`, the preview shows it, so what a
 * member previews is byte for byte what LinkedIn receives. Mentions and hashtags
 * become little-text elements, every other reserved character is escaped so it
 * reads as written. The hashtag sign inside the template is escaped too
 * (`{hashtag|\#|word}`): LinkedIn's page asks for every reserved character to be
 * escaped "even if not used in one of the supported elements or templates".
 */
export function composeCommentary(body: string): ComposedCommentary {
  const composed: ComposedCommentary = { commentary: '', text: '', hashtags: [], mentions: [], notes: [] };
  let plainFrom = 0;
  const flush = (to: number) => {
    const plain = body.slice(plainFrom, to);
    composed.commentary += escapeLittleText(plain);
    composed.text += plain;
  };
  const note = (text: string | undefined) => {
    if (text !== undefined) composed.notes.push(text);
  };
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (char === '@') {
      MENTION.lastIndex = index;
      const mention = MENTION.exec(body);
      if (!mention) {
        note(mentionNote(body, index));
        continue;
      }
      flush(index);
      const [name, urn] = [mention[1] as string, mention[2] as string];
      composed.commentary += `@[${escapeLittleText(name)}](${urn})`;
      composed.text += name;
      composed.mentions.push({ name, urn });
      if (!name.trim()) note(`“${mention[0]}” mentions someone under an empty name: readers will see nothing where it stands.`);
      index = MENTION.lastIndex - 1;
      plainFrom = MENTION.lastIndex;
    } else if ((char === '#' || char === '＃') && startsHashtag(body, index)) {
      HASHTAG.lastIndex = index;
      const tag = HASHTAG.exec(body);
      if (!tag) {
        note(hashtagNote(body, index));
        continue;
      }
      flush(index);
      const word = tag[1] as string;
      // The sign is kept: LinkedIn's template takes '#' (escaped, being reserved) or the full-width '＃' of CJK keyboards.
      composed.commentary += `{hashtag|${char === '#' ? '\\#' : char}|${word}}`;
      composed.text += `${char}${word}`;
      composed.hashtags.push(`${char}${word}`);
      note(truncatedTagNote(body, index, HASHTAG.lastIndex));
      index = HASHTAG.lastIndex - 1;
      plainFrom = HASHTAG.lastIndex;
    }
  }
  flush(body.length);
  return composed;
}

/** The commentary alone (LinkedIn's client code and tests that need no more). */
export const toLittleText = (body: string): string => composeCommentary(body).commentary;
