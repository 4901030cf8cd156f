import { pick, shuffle } from './random.js';
import { keywordsOf } from './text-tools.js';

const FALLBACK_TAGS = ['#leadership', '#careers', '#learning', '#worklife', '#growth', '#productivity'];

/** Up to four hashtags from the idea's own words, with one general tag so there is always at least one. */
export function hashtagsFor(idea: string, random: () => number, extra: string[] = []): string {
  // Longer words are usually the distinctive ones ("deployments" over "team").
  const distinctive = keywordsOf(idea).filter((word) => word.length <= 24).sort((a, b) => b.length - a.length).slice(0, 5);
  const fromIdea = shuffle(random, distinctive).slice(0, 3);
  const fromProfile = keywordsOf(extra.join(' ')).slice(0, 1);
  const tags = [...new Set([...fromIdea, ...fromProfile].map((word) => `#${word}`))].slice(0, 3);
  tags.push(pick(random, FALLBACK_TAGS.filter((tag) => !tags.includes(tag))));
  return tags.join(' ');
}
