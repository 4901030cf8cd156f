import { COMPOUND_HEADS, HYPHENATED_NOISE, KNOWN_COMPOUNDS, TOPIC_GERUNDS, TOPIC_TAGS, UNTAGGABLE, WEAK_MODIFIERS } from './hashtag-words.js';

/** At most this many tags from the idea's own words, plus at most two topic tags: five in all. */
const FROM_IDEA = 3;
const FROM_TOPICS = 2;
const MAX_TAGS = 5;
const MAX_TAG_LENGTH = 40;
/** When the idea gives nothing to tag (a lone stop word, symbols), one neutral tag keeps the post tagged. */
const NEUTRAL_TAG = '#Learning';

interface Token {
  /** As written (NFC), possessive and elision removed. */
  raw: string;
  /** Lower case: what the word lists are keyed by. */
  key: string;
}

interface Candidate {
  tag: string;
  kind: 'compound' | 'name' | 'word';
  /** The lower-case words it is made of, so a single word inside a chosen compound is not tagged again. */
  parts: string[];
}

// A word: letters, marks and digits, joined by inner hyphens or apostrophes ("trunk-based", "don't").
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:[-‐'’][\p{L}\p{M}\p{N}]+)*/gu;
// Punctuation ends a phrase: "development, design" is two topics, not #DevelopmentDesign.
const PHRASE_BREAK = /[.,;:!?()[\]{}"“”«»…/|\n\r\t]+/;
const HYPHEN = /[-‐]/;

function tokenOf(word: string): Token {
  const raw = word
    .replace(/['’]s$/iu, '') // the team's → team
    .replace(/^[ldjnmst]['’](?=\p{L}{3})/iu, ''); // l'équipe → équipe
  return { raw, key: raw.toLowerCase() };
}

function phrasesOf(idea: string): Token[][] {
  const text = idea.normalize('NFC').replace(/\b(?:https?:\/\/|www\.)\S+/giu, ' ');
  return text.split(PHRASE_BREAK).map((phrase) => [...phrase.matchAll(TOKEN)].map((match) => tokenOf(match[0])));
}

const hasLetter = (text: string) => /\p{L}/u.test(text);
const length = (text: string) => [...text].length;
/** AI, UX, SEO, B2B, LLMs: written in capitals by the member, so kept as written. */
const isAcronym = (raw: string) => /^(?=.*\p{Lu})[\p{Lu}\p{N}]{2,6}s?$/u.test(raw);
/** GitHub, DevOps, iOS, TypeScript: a name with capitals inside. */
const isName = (raw: string) => hasLetter(raw) && /\p{Ll}/u.test(raw) && /.\p{Lu}/u.test(raw) && !HYPHEN.test(raw);

const NOT_ADVERBS = new Set(['family', 'supply', 'assembly', 'anomaly', 'monopoly', 'italy', 'july', 'reply', 'apply', 'butterfly']);
const looksLikeAdverb = (key: string) => key.length >= 5 && key.endsWith('ly') && !NOT_ADVERBS.has(key);
const looksLikePastTense = (key: string) => key.length >= 5 && key.endsWith('ed') && !key.endsWith('eed') && key !== 'embedded';

const TOPIC_WORDS = new Set(TOPIC_TAGS.flatMap(({ signals }) => [...signals]));
const looksLikeVerb = (key: string) => (key.endsWith('ing') && !TOPIC_GERUNDS.has(key)) || looksLikePastTense(key);

/**
 * A word a person could tag on its own: a name or acronym as written, a word
 * that names a known topic, or a longer content word (short ones are mostly
 * generic: "noise", "page"). Adverbs and verb forms are not tags.
 */
function taggable(token: Token): boolean {
  if (!hasLetter(token.raw) || UNTAGGABLE.has(token.key) || /['’]/u.test(token.raw)) return false;
  if (isAcronym(token.raw) || isName(token.raw)) return true;
  if (looksLikeAdverb(token.key) || looksLikeVerb(token.key)) return false;
  return TOPIC_WORDS.has(token.key) ? length(token.raw) >= 3 : length(token.raw) >= 6;
}

const capitalised = (token: Token | undefined) => token !== undefined && /^\p{Lu}/u.test(token.raw);
const isNameLike = (token: Token) => isAcronym(token.raw) || isName(token.raw);

/** A word that may start a two-word compound: a content word, past participles included ("distributed systems"). */
const modifies = (token: Token) =>
  hasLetter(token.raw) && !UNTAGGABLE.has(token.key) && !WEAK_MODIFIERS.has(token.key) && !looksLikeAdverb(token.key) && !/['’]/u.test(token.raw) && length(token.raw) >= 2;

/** Each part capitalised (déploiement → Déploiement); names and acronyms keep the member's own capitals. */
function pascal(raw: string): string {
  return raw
    .split(HYPHEN)
    .map((part) => (isAcronym(part) || isName(part) ? part : part.charAt(0).toLocaleUpperCase() + part.slice(1)))
    .join('');
}

// Only letters, marks and digits: anything else would end the hashtag on LinkedIn (decision 0013).
const tagOf = (text: string) => `#${text.replace(/[^\p{L}\p{M}\p{N}]/gu, '')}`;

const compound = (tokens: Token[]): Candidate => ({
  tag: tagOf(tokens.map((token) => pascal(token.raw)).join('')),
  kind: 'compound',
  parts: tokens.flatMap((token) => token.key.split(HYPHEN)),
});

function knownCompoundAt(tokens: Token[], index: number): number {
  let longest = 0;
  for (const phrase of KNOWN_COMPOUNDS) {
    if (phrase.length > longest && phrase.every((word, offset) => tokens[index + offset]?.key === word)) longest = phrase.length;
  }
  return longest;
}

/** Candidates in the order the idea states them: compounds, names, plain words. */
function candidatesOf(phrases: Token[][]): Candidate[] {
  const found: Candidate[] = [];
  for (const tokens of phrases) {
    for (let index = 0; index < tokens.length;) {
      const token = tokens[index] as Token;
      const next = tokens[index + 1];
      const known = knownCompoundAt(tokens, index);
      if (known > 0) {
        found.push(compound(tokens.slice(index, index + known)));
        index += known;
      } else if (HYPHEN.test(token.raw)) {
        const noise = HYPHENATED_NOISE.has(token.key) || /^\p{N}/u.test(token.key);
        if (!noise && next && COMPOUND_HEADS.has(next.key)) {
          // "first-time manager", "trunk-based development": the modifier means nothing without its noun.
          found.push(compound([token, next]));
          index += 2;
        } else {
          if (!noise && !token.key.split(HYPHEN).every((part) => UNTAGGABLE.has(part))) found.push(compound([token]));
          index += 1;
        }
      } else if (next && COMPOUND_HEADS.has(next.key) && !HYPHEN.test(next.raw) && modifies(token)) {
        found.push(compound([token, next]));
        index += 2;
      } else if (next && isNameLike(token) !== isNameLike(next) && capitalised(token) && capitalised(next) && taggable(token) && taggable(next)) {
        // A product's name: "GitHub Copilot", "AWS Lambda" (but "B2B SaaS" are two names, two tags).
        found.push(compound([token, next]));
        index += 2;
      } else {
        if (taggable(token)) found.push({ tag: tagOf(pascal(token.raw)), kind: isNameLike(token) ? 'name' : 'word', parts: [token.key] });
        index += 1;
      }
    }
  }
  return found;
}

const RANK = { compound: 0, name: 1, word: 2 } as const;

/** Up to three of the idea's own tags: compounds, then names, then the longest (most distinctive) words. */
function ideaTags(candidates: Candidate[]): Candidate[] {
  const ordered = candidates
    .map((candidate, position) => ({ candidate, position }))
    .filter(({ candidate }) => length(candidate.tag) <= MAX_TAG_LENGTH + 1)
    .sort(
      (a, b) => RANK[a.candidate.kind] - RANK[b.candidate.kind] || (a.candidate.kind === 'word' ? length(b.candidate.tag) - length(a.candidate.tag) : 0) || a.position - b.position,
    )
    .map(({ candidate }) => candidate);
  const chosen: Candidate[] = [];
  const covered = new Set<string>();
  for (const candidate of ordered) {
    if (chosen.length === FROM_IDEA) break;
    const key = candidate.tag.toLowerCase();
    const single = candidate.parts.length === 1 ? (candidate.parts[0] as string) : undefined;
    // "deploy" and "deploys", or a word already inside a compound: one tag is enough.
    if (covered.has(key) || (single && (covered.has(single) || covered.has(`${single}s`) || covered.has(single.replace(/s$/u, ''))))) continue;
    chosen.push(candidate);
    covered.add(key);
    for (const part of candidate.parts) covered.add(part);
  }
  return chosen;
}

/** The broad tags of the topics the idea speaks of, in the table's order. */
function topicTags(phrases: Token[][]): string[] {
  const keys = new Set(phrases.flat().flatMap((token) => [token.key, ...token.key.split(HYPHEN)]));
  return TOPIC_TAGS.filter(({ signals }) => [...keys].some((key) => signals.has(key))).map(({ tag }) => tag);
}

/**
 * Hashtags a person would write for this idea (docs/decisions/0013, 0017): no stop
 * words, compounds whole (#TrunkBasedDevelopment for "trunk-based development"),
 * names as written (#GitHub, #AI), at most three from the idea and two for its
 * topic, five in all. Deterministic: the same idea always gets the same tags.
 * Every tag is letters, marks and digits only, so LinkedIn takes it as one hashtag.
 */
export function hashtagsFor(idea: string): string {
  const phrases = phrasesOf(idea);
  const topics = topicTags(phrases);
  // A word that is a topic's own tag takes the tag's usual form: "startup" → #Startups.
  const asTopic = (candidate: Candidate) =>
    candidate.kind === 'word'
      ? (topics.find((topic) => [candidate.tag, `${candidate.tag}s`].some((tag) => tag.toLowerCase() === topic.toLowerCase())) ?? candidate.tag)
      : candidate.tag;
  const fromIdea = ideaTags(candidatesOf(phrases)).map((candidate) => ({ candidate, tag: asTopic(candidate) }));
  const taken = new Set(fromIdea.map(({ tag }) => tag.toLowerCase()));
  const added = topics.filter((topic) => !taken.has(topic.toLowerCase())).slice(0, FROM_TOPICS);
  // "#Product" beside "#ProductManagement" says the same twice: the topic's tag stays.
  const kept = fromIdea.filter(({ candidate, tag }) => candidate.kind !== 'word' || !added.some((topic) => topic.toLowerCase().startsWith(tag.toLowerCase())));
  const tags = [...kept.map(({ tag }) => tag), ...added];
  if (tags.length === 0) tags.push(NEUTRAL_TAG);
  return tags.slice(0, MAX_TAGS).join(' ');
}
