import type { NounPhrase } from './idea-reading.js';
import { lowerFirst } from './text-tools.js';

/** Verbs and pronouns the templates use, singular → plural. */
const PLURAL_OF: Record<string, string> = {
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  needs: 'need',
  looks: 'look',
  saves: 'save',
  costs: 'cost',
  gets: 'get',
  takes: 'take',
  matters: 'matter',
  deserves: 'deserve',
  works: 'work',
  it: 'they',
  its: 'their',
};

/** The form (given in the singular) that agrees with the phrase: "the launch is", "lessons are". */
export const agree = (phrase: NounPhrase, singular: string): string => (phrase.plural ? (PLURAL_OF[singular] ?? singular) : singular);

/** Both forms of a verb the templates use: ["is", "are"]. */
export const bothForms = (singular: string): [string, string] => [singular, PLURAL_OF[singular] ?? singular];

// Letters whose names start with a vowel sound: "an SEO lead", "an HR partner", "a CFO".
const VOWEL_LETTER = /^[aefhilmnorsx]/iu;

/** "a" or "an", by the sound of the word that follows. */
export function article(word: string): 'a' | 'an' {
  if (/^[\p{Lu}\d]{2,}/u.test(word)) return VOWEL_LETTER.test(word) ? 'an' : 'a';
  if (/^(?:uni|use|usu|uti|euro|one\b|once)/iu.test(word)) return 'a';
  if (/^(?:hour|honest|hono)/iu.test(word)) return 'an';
  return /^[aeiou]/iu.test(word) ? 'an' : 'a';
}

/** The text as a sentence: a full stop unless it already ends with one, a question or exclamation mark or an ellipsis. */
export const asSentence = (text: string): string => (/[.?!…]$/u.test(text) ? text : `${text}.`);

// Names that are a common noun "of" something take "the": "at the Institute of Soil Health", "at Acme".
const NEEDS_THE =
  /^(?:institute|university|department|ministry|office|bureau|council|centre|center|museum|college|school|society|association|foundation|bank|hospital|city|county|state|royal|national)\s+(?:of|for)\s/iu;

/** A company or organisation's name as it reads after "at": "the Institute of Soil Health", "Acme". */
export const organisation = (name: string): string => (NEEDS_THE.test(name) ? `the ${name}` : name);

const ROLE_LIKE = /^[\p{L}\p{N}&' -]{2,60}$/u;
const NOT_A_ROLE = /(?:^|\s)(?:i|we|my|our|you|your|helping|building|making|passionate|looking|open|ex)(?:\s|$)|ing$|ed$|ly$/iu;

/**
 * A headline that names a role ("Charge nurse", "Founder & CEO") as it reads
 * after "as": "a charge nurse", "a founder & CEO"; null for anything else
 * ("Helping teams ship faster | Speaker"), which no sentence can take whole.
 */
export function roleOf(headline: string | null): string | null {
  const text = headline?.trim().replace(/\s+/gu, ' ') ?? '';
  if (!ROLE_LIKE.test(text) || text.split(' ').length > 6 || NOT_A_ROLE.test(text) || !/\p{L}/u.test(text)) return null;
  const role = lowerFirst(text);
  return `${article(role)} ${role}`;
}
