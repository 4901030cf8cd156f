/** Small text helpers for the offline writer: no model, just careful string handling. */

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Lower-cases the first letter unless the first word looks like a name or acronym ("AI", "GitHub"). */
export function lowerFirst(text: string): string {
  const firstWord = text.split(/\s+/)[0] ?? '';
  if (/^[\p{Lu}\d]{2,}/u.test(firstWord) || /\p{Lu}/u.test(firstWord.slice(1))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Cuts at a word boundary and adds an ellipsis when the text is longer than `max`. */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1).replace(/\s+\S*$/, '');
  return `${(cut.length > max / 2 ? cut : clean.slice(0, max - 1)).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The first sentence of a text, without its final punctuation: the topic of the post. */
export function topicOf(idea: string, max = 90): string {
  const first = idea.trim().split(/(?<=[.!?])\s+|\n/)[0] ?? idea;
  return shorten(first.replace(/[.!?…]+$/, '').trim() || idea.trim(), max);
}

const STOPWORDS = new Set(
  (
    'about after again also because been before being between both could does doing down during each from further have having here into just more most other over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours ours ' +
    'how why who we our you my mine its it’s i’m we’re dont don’t cant can’t isnt isn’t wasnt first thing things really still make made ' +
    'took take takes taking went goes got gets half three four five seven eight nine time times year years month months week weeks days today'
  ).split(/\s+/),
);

/** Distinctive words of a text, in order of appearance, for hashtags and takeaways. */
export function keywordsOf(text: string): string[] {
  // NFC and marks kept: a decomposed "café" or a Devanagari word stays one word (and one whole hashtag).
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/\p{L}[\p{L}\p{M}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words.filter((word) => !STOPWORDS.has(word)))];
}
