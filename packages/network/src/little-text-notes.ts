/**
 * Why something in a body that looks like a hashtag or a mention will not be one
 * on LinkedIn, in words a member (or an agent) can act on (decision 0032). Only
 * what was likely meant as a tag or a mention is noted: `C#`, `issue#4`, a link's
 * `#fragment`, an e-mail address and a lone `#` are deliberate text.
 */

const EXCERPT_MAX = 40;

/** The body from `start` to `end`, else to the next white space, cut to a readable length. */
function excerpt(body: string, start: number, end?: number): string {
  const word = end === undefined ? (/^\S*/u.exec(body.slice(start))?.[0] ?? '') : body.slice(start, end);
  const chars = [...word];
  return chars.length > EXCERPT_MAX ? `${chars.slice(0, EXCERPT_MAX).join('')}…` : word;
}

const LETTER = /[\p{L}\p{M}]/u;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** A `#` where a hashtag may start, not followed by a tag. */
export function hashtagNote(body: string, index: number): string | undefined {
  const next = body[index + 1];
  if (next === undefined) return undefined;
  if (/\s/u.test(next)) {
    // `# word`: the space makes it text. A `#` followed by white space and no word is a plain sign.
    const word = /^\s+(\S+)/u.exec(body.slice(index + 1))?.[1];
    if (!word || !LETTER.test(word[0] as string)) return undefined;
    return `“# ${excerpt(word, 0)}” will not become a hashtag: a hashtag has no space after the #; write “#${excerpt(word, 0)}”.`;
  }
  if (/\p{N}/u.test(next)) return `“${excerpt(body, index)}” stays text: a hashtag needs at least one letter.`;
  if (/[\p{P}\p{S}]/u.test(next)) return `“${excerpt(body, index)}” stays text: a hashtag is a # followed by letters or digits.`;
  return undefined;
}

/** Characters that read as part of a word but end a hashtag: `#node.js` tags `node`, `#e-mail` tags `e`. */
const JOINERS = new Set(['_', '-', '/', '.', "'", '’', '&', '+', '·']);

/** A hashtag cut short by a character that looks like part of it. */
export function truncatedTagNote(body: string, start: number, end: number): string | undefined {
  const stop = body[end];
  const after = body[end + 1];
  if (stop === undefined || !JOINERS.has(stop) || after === undefined || !WORD_CHAR.test(after)) return undefined;
  return `“${excerpt(body, start)}” becomes the hashtag ${body.slice(start, end)}: a hashtag ends at the first character that is not a letter, mark or digit (here “${stop}”).`;
}

/** An `@` that is not a mention. */
export function mentionNote(body: string, index: number): string | undefined {
  if (body[index + 1] === '[') {
    const close = body.indexOf(')', index);
    const end = close === -1 || close - index > 300 ? undefined : close + 1;
    return `“${excerpt(body, index, end)}” stays text: a mention is written @[Name](urn:li:person:<id>) or @[Name](urn:li:organization:<id>).`;
  }
  const before = body[index - 1];
  const next = body[index + 1];
  // `ada@example.com` is an address; `@ada` at the start of a word looks like a handle.
  if ((before !== undefined && WORD_CHAR.test(before)) || next === undefined || !LETTER.test(next)) return undefined;
  return `“${excerpt(body, index)}” stays text: LinkedIn cannot look a member up by handle through this API; a mention is written @[Name](urn:li:person:<id>).`;
}
