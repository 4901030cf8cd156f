/**
 * Characters that must not reach a one-line field a person reads (a document's
 * title, a link card's title): controls (NUL included), the bidirectional marks,
 * overrides and isolates that can make "exe.pdf" read as "fdp.exe", invisible
 * spaces and joiners that hide text, line and paragraph separators, and U+FFFD
 * left by bytes that did not decode.
 */
const INVISIBLE = /[\p{Cc}\u00AD\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u2028\u2029\uFFFD]/gu;

/**
 * A text made fit for a field of `max` characters (UTF-16 units, as JSON schemas
 * count): invisible characters removed, white space collapsed, and a longer text
 * cut between code points (never half an emoji) with an ellipsis — at a word when
 * `atWord` and one is near. Undefined when nothing readable is left.
 */
export function fitText(text: string, max: number, options: { atWord?: boolean } = {}): string | undefined {
  const clean = text.normalize('NFC').replace(INVISIBLE, ' ').replace(/\s+/gu, ' ').trim();
  if (!clean) return undefined;
  if (clean.length <= max) return clean;
  let cut = '';
  for (const char of clean) {
    if (cut.length + char.length > max - 1) break;
    cut += char;
  }
  const atWord = options.atWord ? cut.replace(/\s+\S*$/u, '') : cut;
  return `${(atWord.length > max * 0.6 ? atWord : cut).trimEnd()}…`;
}
