import { MAX_POST_LENGTH } from './text-provider.js';

/**
 * Fits a draft into the network's limit without losing its ending: paragraphs
 * are dropped from the middle (the hook, the call to action and the hashtags
 * stay), and only a single huge paragraph is cut, at a word, with an ellipsis.
 */
export function fitToLimit(body: string, limit = MAX_POST_LENGTH): string {
  const text = body.trim();
  if (text.length <= limit) return text;
  const paragraphs = text.split(/\n{2,}/);
  while (paragraphs.length > 3 && paragraphs.join('\n\n').length > limit) {
    paragraphs.splice(paragraphs.length - 3, 1);
  }
  const joined = paragraphs.join('\n\n');
  if (joined.length <= limit) return joined;
  const cut = joined.slice(0, limit - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > limit / 2 ? atWord : cut}…`;
}
