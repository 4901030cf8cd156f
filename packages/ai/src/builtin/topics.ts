import { keywordsOf } from './text-tools.js';

/** Words of a title that say what kind of post it is, not what it is about. */
const FRAMING_WORDS = new Set(
  (
    'mistake mistakes lesson lessons wish known advice fails checklist change changed saved stop optimising optimizing good looks inside question ' +
    'sentences story think signs approach needs reset metric truth nobody tells wrong without template teammate years ignore best practices ' +
    'week fixed explain outside field start questions ever habit useful smallest team sport myths hear taught link talks starting fixing ' +
    'hidden cost ignoring people new normal what wins win lost lose learned learn why how ways tips guide better worse great'
  ).split(' '),
);

/**
 * A short topic (two or three words) from the member's own text — a post's idea,
 * a research or manual idea's title — so new ideas follow what they write about:
 * the longest run of consecutive distinctive words, framing words dropped.
 */
export function topicOfText(text: string): string | undefined {
  const distinctive = new Set(keywordsOf(text).filter((word) => !FRAMING_WORDS.has(word)));
  const words = text.toLowerCase().split(/[^\p{L}\p{N}'-]+/u);
  let best: string[] = [];
  let run: string[] = [];
  for (const word of [...words, '']) {
    if (distinctive.has(word) && run.length < 3) {
      run.push(word);
      continue;
    }
    if (run.length > best.length) best = run;
    run = distinctive.has(word) ? [word] : [];
  }
  return best.length >= 2 ? best.join(' ') : undefined;
}
