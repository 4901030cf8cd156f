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
