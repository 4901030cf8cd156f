/**
 * A page's words made fit for a card: control characters (NUL included), the
 * bidirectional overrides that can make text read backwards, and U+FFFD from bytes
 * that did not decode are removed; white space is collapsed; a long text is cut
 * between code points, at a word when one is near, with an ellipsis. Empty: null.
 */
const INVISIBLE = /[\p{Cc}\u00AD\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u2028\u2029\uFFFD]/gu;

export function cardText(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  const clean = raw.normalize('NFC').replace(INVISIBLE, ' ').replace(/\s+/gu, ' ').trim();
  if (!clean) return null;
  if (clean.length <= max) return clean;
  let cut = '';
  for (const char of clean) {
    if (cut.length + char.length > max - 1) break;
    cut += char;
  }
  const atWord = cut.replace(/\s+\S*$/u, '');
  return `${(atWord.length > max * 0.6 ? atWord : cut).trimEnd()}…`;
}
