import nlp from 'compromise';
import { TOPIC_GERUNDS } from './hashtag-words.js';
import { shorten } from './text-tools.js';

/**
 * How the offline writer reads an idea before writing from it (decision 0026):
 * compromise tags the words, a few rules below correct what it misreads in
 * headline-style titles, and the result says what the idea is about (a noun
 * phrase and its number), whom it names, and what kind of sentence it opens with,
 * so templates write sentences that agree with it or pick one that needs less.
 */

/** A noun phrase as it reads inside a sentence: "our deploy time", "code reviews", "the demo". */
export interface NounPhrase {
  text: string;
  plural: boolean;
}

/**
 * - `phrase`: a noun phrase ("Lessons from our failed product launch", "Career moves");
 * - `embedded`: a question inside a statement ("Why I stopped…", "How we…", "How to…");
 * - `question`: a question of its own ("Is cold calling dead?");
 * - `statement`: a sentence ("Technical debt is a choice"), an order ("Stop optimising…").
 */
export type OpeningForm = 'phrase' | 'embedded' | 'question' | 'statement';

export interface IdeaReading {
  /** The idea's first sentence as written, without a final full stop; a question keeps its mark. */
  opening: string;
  /** The same inside a sentence: its first word in lower case unless it is a name or "I". */
  openingInSentence: string;
  form: OpeningForm;
  /** What the idea is about, when it names a thing. */
  subject: NounPhrase | null;
  /** The people it names, by role or name. */
  people: NounPhrase | null;
  /** What follows the first sentence, trimmed ("" when the idea is one sentence). */
  rest: string;
}

type Term = { text: string; post: string; tags: Set<string> };

/** Roles people write about; compromise reads some of them as verbs in titles ("What nurses wish…"). */
const ROLES = new Set(
  (
    'nurse manager teacher student engineer developer designer lawyer client customer patient founder investor buyer rep shopper cashier ' +
    'intern analyst associate paralegal chef pharmacist recruiter candidate reviewer supervisor midwife doctor driver farmer architect ' +
    'electrician homeowner guest volunteer marketer leader parent employee colleague teammate boss receptionist salesperson ceo cfo cto ' +
    'executive participant reader user seller owner partner worker mentor coach researcher scientist professor physician surgeon therapist lead member ' +
    'maintainer contractor freelancer consultant accountant auditor banker trainee apprentice graduate agent officer director'
  ).split(' '),
);
const PLURAL_FORM = /(?<![su'’])s$/u;
const ROLE_PLURALS = new Set([...ROLES].map((role) => (/(?:ch|sh|s|x)$/u.test(role) ? `${role}es` : role.endsWith('y') ? `${role}s` : `${role}s`)));
const PEOPLE_WORDS = new Set(['people', 'staff', 'team', 'teams', 'folks', 'children', 'kids', 'men', 'women', 'family', 'families', 'hire', 'hires']);

/** Words that say what kind of post it is ("lessons", "tips") or when, not what it is about. */
const FRAMING = new Set(
  (
    'lesson lessons tip tips mistake mistakes thing things way ways reason reasons story stories question questions sign signs secret secrets ' +
    'myth myths rule rules step steps idea ideas truth habit habits guide post posts checklist advice look option options part parts kind lot lots ' +
    'one ones half everything nothing something everyone someone anyone nobody case cases example examples number numbers point points ' +
    'year years month months week weeks day days hour hours minute minutes times decade decades back front series ' +
    'monday tuesday wednesday thursday friday saturday sunday weekend weekends today yesterday tomorrow am pm'
  ).split(' '),
);

/** Names a title may start with, which keep their capital inside a sentence. */
const NAMES = new Set(['kubernetes', 'figma', 'excel', 'slack', 'jira', 'linkedin', 'google', 'python', 'java', 'rust', 'go']);

/** Words that name a topic only with another before them ("deploy time", "remote work"). */
const ALONE_MEANS_NOTHING = new Set(['time', 'times', 'work', 'cost', 'costs', 'money', 'stuff', 'list']);

/** Names that end in "s" but are one thing. */
const SINGULAR_NAMES = new Set(['kubernetes', 'jenkins', 'postgres', 'redis', 'analytics', 'news', 'logistics', 'economics', 'ethics']);

const lexicon: Record<string, string> = Object.fromEntries([
  ...[...ROLES].map((role): [string, string] => [role, 'Singular']),
  ...[...ROLE_PLURALS].map((role): [string, string] => [role, 'Plural']),
  ['kubernetes', 'ProperNoun'],
  ['onboarding', 'Singular'],
  ['handover', 'Singular'],
  ['handovers', 'Plural'],
  ['deploys', 'Plural'],
  ['one-on-ones', 'Plural'],
]);

const isTime = (term: Term) => term.tags.has('Date') || term.tags.has('Duration') || term.tags.has('Time') || FRAMING.has(term.text.toLowerCase());
/** Words that are never the noun of a phrase, whatever compromise says ("the books in", "put in handoffs"). */
const FUNCTION_WORDS = new Set('in on at out up off over down by to for with from of into onto about as than then so'.split(' '));
const isNoun = (term: Term) => term.tags.has('Noun') && !term.tags.has('Pronoun') && !FUNCTION_WORDS.has(term.text.toLowerCase());
const ends = (term: Term) => /[,;:!?.…()"“”]/u.test(term.post) && !term.tags.has('Abbreviation');
/**
 * An "-ing" word doing something to what follows is one activity, singular:
 * "hiring engineers", "learning new skills", "saying no". Before a plain noun
 * it names a kind of it: "pricing conversations", "staffing ratios" are plural.
 */
function isActivity(terms: Term[]): boolean {
  const [first, second] = terms;
  if (!first || !second || !/ing$/iu.test(first.text)) return false;
  return !isNoun(second) || isPeopleWord(clean(second.text));
}

/** Plural as compromise tags it, or by its form when it says neither ("the books"). */
const isPluralNoun = (term: Term) => term.tags.has('Plural') || (!term.tags.has('Singular') && !term.tags.has('Uncountable') && PLURAL_FORM.test(term.text.toLowerCase()));
const isPeopleWord = (word: string) => {
  const key = word.toLowerCase();
  return ROLES.has(key) || ROLE_PLURALS.has(key) || PEOPLE_WORDS.has(key);
};

const VERB_TAGS = ['Verb', 'PresentTense', 'PastTense', 'Infinitive', 'Imperative', 'Gerund', 'Copula', 'Auxiliary', 'Modal', 'PhrasalVerb', 'Participle'];
const NOUN_TAGS = ['Noun', 'Singular', 'Plural', 'ProperNoun', 'Actor', 'Uncountable', 'Possessive'];

function retag(term: Term, add: string[], remove: string[]): void {
  for (const tag of remove) term.tags.delete(tag);
  for (const tag of add) term.tags.add(tag);
}
const asNoun = (term: Term, plural: boolean) => retag(term, ['Noun', plural ? 'Plural' : 'Singular'], [...VERB_TAGS, plural ? 'Singular' : 'Plural']);
const isFinite = (term: Term | undefined) => term !== undefined && term.tags.has('Verb') && !term.tags.has('Gerund') && !term.tags.has('Noun');
const takesObject = (term: Term | undefined) =>
  term !== undefined &&
  !/^(?:that|which|who)$/iu.test(term.text) &&
  (isNoun(term) || term.tags.has('Determiner') || term.tags.has('Possessive') || term.tags.has('Pronoun') || term.tags.has('Adjective') || term.tags.has('Value'));

/** Verbs a title puts right after its subject, which compromise may take for nouns ("What nurses wish…"). */
const SAYING_VERBS = new Set([
  'wish',
  'need',
  'want',
  'think',
  'know',
  'say',
  'hate',
  'love',
  'expect',
  'notice',
  'remember',
  'learn',
  'get',
  'make',
  'ask',
  'tell',
  'miss',
  'fear',
  'like',
]);

/** "on" "-" "call" are one word to a reader: "on-call", "event-driven", "in-house". */
function joinHyphens(terms: Term[]): Term[] {
  const joined: Term[] = [];
  for (const term of terms) {
    const previous = joined.at(-1);
    if (previous && /^[-‐]$/u.test(previous.post)) {
      joined[joined.length - 1] = { text: `${previous.text}-${term.text}`, post: term.post, tags: term.tags };
      continue;
    }
    joined.push({ ...term, tags: new Set(term.tags) });
  }
  return joined;
}

/**
 * Corrections to compromise's tags where a title drops the words that would
 * have told it apart, each for a pattern titles use:
 * - one word alone names a topic ("Invoices", "Hiring");
 * - after a finite verb, an "-ing" word is a verb ("stopped blaming people");
 * - "What nurses wish…": a saying verb after a plural subject;
 * - "code reviews after 5pm", "Handover notes that…": an "-s" word after a noun,
 *   taking no object, is a plural noun when a verb came before or the title has no wh-word;
 * - "review pull requests", "Feature flags": a verb-looking word before a plural noun is part of it;
 * - "for introverted engineers": a past form between a preposition and a noun is an adjective.
 */
function correct(terms: Term[], topicWords: ReadonlySet<string>): void {
  if (terms.length === 0) return;
  if (terms.length === 1) {
    const [only] = terms as [Term];
    const key = only.text.toLowerCase();
    if (!only.tags.has('Acronym') && !only.tags.has('Person')) asNoun(only, PLURAL_FORM.test(key) && !SINGULAR_NAMES.has(key));
    return;
  }
  const [first, second] = terms as [Term, Term];
  // "Grant applications", "Lesson plans", "Brand voice": a capitalised first word before a noun is not a name.
  if (first.tags.has('Person') && !first.tags.has('Honorific') && !ends(first) && /^\p{Ll}/u.test(second.text) && (isNoun(second) || second.tags.has('PresentTense'))) {
    const names = ['Person', 'ProperNoun', 'FirstName', 'LastName', 'MaleName', 'FemaleName'];
    retag(first, ['Noun', 'Singular'], names);
    // compromise reads "Grant applications" as a first and a last name.
    if (second.tags.has('LastName')) retag(second, ['Noun', PLURAL_FORM.test(second.text.toLowerCase()) ? 'Plural' : 'Singular'], [...names, 'Singular']);
  }
  if (terms.length === 2 && isNoun(second) && first.tags.has('Verb') && !first.tags.has('Gerund')) asNoun(first, false);
  if (terms.length === 2 && isNoun(first) && second.tags.has('PresentTense') && PLURAL_FORM.test(second.text.toLowerCase())) asNoun(second, true);
  const startsWithWh = WH.test(terms[0]?.text ?? '');
  let finiteSeen = false;
  for (const [index, term] of terms.entries()) {
    const previous = terms[index - 1];
    const next = terms[index + 1];
    const key = term.text.toLowerCase();
    if (ROLE_PLURALS.has(key) && !previous?.tags.has('Pronoun')) asNoun(term, true);
    else if (
      ROLES.has(key) &&
      (index === 0 || previous?.tags.has('Determiner') || previous?.tags.has('Possessive') || previous?.tags.has('Adjective') || (previous && isNoun(previous)))
    )
      asNoun(term, false);
    else if (topicWords.has(key) && !isFinite(previous)) asNoun(term, false);
    // "running a bakery", "working a shift": an "-ing" word with an object is a verb.
    else if (key.endsWith('ing') && next !== undefined && (next.tags.has('Determiner') || next.tags.has('Possessive')) && !FUNCTION_WORDS.has(next.text.toLowerCase()))
      retag(term, ['Verb', 'Gerund'], NOUN_TAGS);
    else if (key.endsWith('ing') && isFinite(previous)) retag(term, ['Verb', 'Gerund'], NOUN_TAGS);
    else if (startsWithWh && index <= 3 && SAYING_VERBS.has(key) && previous?.tags.has('Plural') && !finiteSeen) retag(term, ['Verb', 'PresentTense'], NOUN_TAGS);
    else if (
      term.tags.has('PresentTense') &&
      !term.tags.has('Copula') &&
      !term.tags.has('Gerund') &&
      /[^s]s$/u.test(key) &&
      previous !== undefined &&
      (isNoun(previous) || previous.tags.has('Adjective')) &&
      !previous.tags.has('Plural') &&
      !takesObject(next) &&
      (finiteSeen || !startsWithWh)
    )
      asNoun(term, true);
    else if (
      term.tags.has('Verb') &&
      !term.tags.has('Gerund') &&
      next !== undefined &&
      isNoun(next) &&
      (next.tags.has('Plural') || index === 0 || previous?.tags.has('Preposition')) &&
      (isFinite(previous) || index === 0 || (previous?.tags.has('Preposition') && !/^to$/iu.test(previous.text))) &&
      !terms.slice(index + 2).some(isFinite)
    )
      asNoun(term, false);
    else if (
      term.tags.has('PastTense') &&
      next &&
      isNoun(next) &&
      previous &&
      (previous.tags.has('Preposition') || previous.tags.has('Determiner') || previous.tags.has('Possessive'))
    )
      retag(term, ['Adjective'], VERB_TAGS);
    // "our sales cycle by 30%", "taught me triage": a base verb after a noun phrase or an object pronoun, before nothing that it could take.
    else if (
      finiteSeen &&
      !AUXILIARY.test(terms[0]?.text ?? '') &&
      term.tags.has('Infinitive') &&
      !takesObject(next) &&
      previous !== undefined &&
      ((isNoun(previous) && (terms[index - 2]?.tags.has('Possessive') || terms[index - 2]?.tags.has('Determiner'))) || /^(?:me|us|them|him|her|you)$/iu.test(previous.text))
    )
      asNoun(term, false);
    // "Podcast guesting": an "-ing" word closing a noun is part of it.
    else if (key.endsWith('ing') && previous !== undefined && isNoun(previous) && !finiteSeen && (next === undefined || next.tags.has('Preposition')) && !startsWithWh)
      asNoun(term, false);
    if (isFinite(term)) finiteSeen = true;
  }
}

/** What compromise's `json()` gives for each sentence (its types leave it `any`). */
type TaggedSentence = { terms: Array<{ text: string; post: string; tags: string[] }> };

function termsOf(text: string): Term[] {
  const sentences = nlp(text, lexicon).json() as TaggedSentence[];
  const terms = joinHyphens(sentences.flatMap((sentence) => sentence.terms.map((term) => ({ text: term.text, post: term.post, tags: new Set(term.tags) }))));
  correct(terms, TOPIC_GERUNDS);
  return terms;
}

/** Past this many characters a first line is cut before compromise splits it: an opening is at most MAX_OPENING long anyway. */
const SPLIT_WINDOW = 400;

/** The first sentence, as written: compromise knows that "Dr. Patel" does not end one. */
function firstSentence(text: string): string {
  const firstLine = (text.split('\n')[0] ?? '').trim();
  // A line with no full stop, question or exclamation mark followed by more text is one sentence: no need to ask.
  if (!/[.!?]\s+\S/u.test(firstLine)) return firstLine;
  const window = firstLine.slice(0, SPLIT_WINDOW);
  const found = ((nlp(window).sentences().out('array') as string[])[0] ?? '').trim();
  // compromise's sentence is taken only when it is the line's own beginning, so the member's characters stay as written.
  if (found && firstLine.startsWith(found) && (found.length < window.length || window === firstLine)) return found;
  return firstLine.split(/(?<=[.!?])\s+/u)[0] ?? firstLine;
}

const WH = /^(?:how|why|what|when|where|who|which)\b/iu;
const AUXILIARY =
  /^(?:is|are|was|were|am|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|isn['’]t|aren['’]t|don['’]t|doesn['’]t|didn['’]t|can['’]t|won['’]t|shouldn['’]t)$/iu;

function formOf(opening: string, terms: Term[]): OpeningForm {
  const words = opening.split(/\s+/);
  const [first = '', second = ''] = words;
  if (opening.endsWith('?') || AUXILIARY.test(first) || (WH.test(first) && AUXILIARY.test(second.replace(/[^\p{L}'’]/gu, '')))) return 'question';
  if (WH.test(first)) return 'embedded';
  // A colon makes a title of two parts ("Event-driven architecture: when it helps…"): not something to put after "about".
  if (/[:;]/u.test(opening)) return 'statement';
  const finite = terms.some(
    (term, index) =>
      (term.tags.has('Verb') && !term.tags.has('Gerund') && !(index === 0 && term.tags.has('Gerund'))) ||
      term.tags.has('Pronoun') ||
      term.tags.has('Copula') ||
      term.tags.has('Modal'),
  );
  return finite ? 'statement' : 'phrase';
}

const DETERMINER = /^(?:the|our|my|your|their|his|her|its)$/iu;
const REPLACED_DETERMINER = /^(?:a|an|this|that|these|those|some|any)$/iu;
const EVERY = /^(?:every|each)$/iu;

/** Candidate noun phrases in order: runs of determiner, adjectives and nouns that end on a noun, a title's gerund phrase included. */
function chunks(terms: Term[]): Term[][] {
  const found: Term[][] = [];
  let run: Term[] = [];
  const close = () => {
    while (run.length > 0 && !isNoun(run.at(-1) as Term)) run.pop();
    if (run.length > 0) found.push(run);
    run = [];
  };
  for (const [index, term] of terms.entries()) {
    const word = term.text.toLowerCase();
    const opensRun = run.length === 0;
    const fits =
      isNoun(term) ||
      term.tags.has('Adjective') ||
      term.tags.has('Possessive') ||
      DETERMINER.test(word) ||
      REPLACED_DETERMINER.test(word) ||
      EVERY.test(word) ||
      term.tags.has('Value') ||
      // "Teaching fractions", "hiring engineers": a gerund opening a title with its object.
      (opensRun && index === 0 && term.tags.has('Gerund') && terms[1] !== undefined && isNoun(terms[1]));
    const pronoun = term.tags.has('Pronoun') && !term.tags.has('Possessive');
    if (!fits || pronoun || (term.tags.has('Determiner') && !opensRun && !term.tags.has('Possessive'))) {
      close();
      if (fits && !pronoun) run.push(term);
      continue;
    }
    run.push(term);
    if (ends(term)) close();
  }
  close();
  return found;
}

const clean = (word: string) => word.replace(/[^\p{L}\p{M}\p{N}'’&$%-]/gu, '');
/** A word as written: "Dr." keeps its full stop. */
const written = (term: Term) => `${clean(term.text)}${term.tags.has('Abbreviation') && term.post.startsWith('.') ? '.' : ''}`;

/** Lower case for a word that is not a name, an acronym or "I". */
function inSentenceCase(term: Term, isFirst: boolean): string {
  const text = written(term);
  if (!isFirst) return text;
  // Compromise takes any capitalised first word for a name; only people, acronyms and known names keep the capital.
  const name = term.tags.has('Person') || term.tags.has('Honorific') || term.tags.has('Abbreviation') || term.tags.has('Acronym') || NAMES.has(text.toLowerCase());
  if (name || /^[\p{Lu}\d]{2,}/u.test(text) || /.\p{Lu}/u.test(text) || text === 'I') return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The regular plural of a common noun (compromise's inflector costs a few milliseconds a call). */
function pluralOf(word: string): string {
  if (/(?:s|x|z|ch|sh)$/u.test(word)) return `${word}es`;
  if (/[^aeiou]y$/u.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

interface Phrase extends NounPhrase {
  people: boolean;
}

/** A run of terms as a noun phrase to reuse: numbers and framing words dropped, "a/this" → "the", "every X" → "Xs". */
function phraseOf(run: Term[], firstTerm: Term | undefined): Phrase | null {
  // A count opening the phrase goes ("3 lessons", "five participants"); inside it stays ("our first ten customers").
  let terms = run[0]?.tags.has('Value') && !run[0].tags.has('Determiner') ? run.slice(1) : run;
  // "The hiring mistake", "Public speaking tips": the words before a framing head are the topic.
  const head = terms.at(-1);
  if (head && FRAMING.has(clean(head.text).toLowerCase())) {
    terms = terms.slice(0, -1);
    if (!terms.some((term) => isNoun(term) || term.tags.has('Gerund'))) return null;
  }
  while (terms.length > 0 && isTime(terms.at(-1) as Term)) terms = terms.slice(0, -1);
  if (terms.length === 0 || (terms.length === 1 && ALONE_MEANS_NOTHING.has(clean((terms[0] as Term).text).toLowerCase()))) return null;
  const [lead, ...rest] = terms;
  let determiner: string | null = null;
  let body = terms;
  let pluralise = false;
  if (lead && (DETERMINER.test(lead.text) || lead.tags.has('Possessive'))) {
    determiner = clean(lead.text).toLowerCase();
    body = rest;
  } else if (lead && REPLACED_DETERMINER.test(lead.text)) {
    determiner = 'the';
    body = rest;
  } else if (lead && EVERY.test(lead.text)) {
    if (/^other/iu.test(rest[0]?.text ?? '')) return null;
    pluralise = true;
    body = rest;
  }
  const last = body.at(-1);
  if (!last || !isNoun(last) || body.some(isTime) || body.some((term) => term.tags.has('Possessive') && term !== body[0])) return null;
  const words = body.map((term) => inSentenceCase(term, term === firstTerm));
  const headWord = clean(last.text).toLowerCase();
  let plural = !isActivity(body) && isPluralNoun(last) && !SINGULAR_NAMES.has(headWord) && !last.tags.has('ProperNoun');
  let text = words.join(' ');
  if (pluralise && !plural) {
    // "every architecture review" → "architecture reviews"; a name or an odd word keeps "the".
    const head = words.at(-1) ?? '';
    if (/^\p{Ll}+$/u.test(head)) {
      text = [...words.slice(0, -1), pluralOf(head)].join(' ');
      plural = true;
    } else determiner = 'the';
  }
  if (determiner) text = `${determiner} ${text}`;
  const people = isPeopleWord(headWord) || last.tags.has('Person') || (body.length === 1 && last.tags.has('Actor'));
  return { text, plural, people };
}

const named = (phrase: NounPhrase) => /^\p{Lu}/u.test(phrase.text.split(' ').at(-1) ?? '');

/**
 * What the idea names: the first thing it is about (a common noun before a
 * name: "What Acme taught me about deadlines" is about deadlines), and the
 * first people it names.
 */
function phrasesOf(terms: Term[]): { subject: NounPhrase | null; people: NounPhrase | null; things: Phrase[] } {
  let people: NounPhrase | null = null;
  const things: Phrase[] = [];
  for (const run of chunks(terms)) {
    const phrase = phraseOf(run, terms[0]);
    if (!phrase) continue;
    if (phrase.people) people ??= { text: phrase.text, plural: phrase.plural };
    else things.push(phrase);
  }
  const subject = things.find((thing) => !named(thing)) ?? things[0];
  return { subject: subject ? { text: subject.text, plural: subject.plural } : null, people, things };
}

/** Past this length a first sentence is cut, and a cut sentence only stands alone. */
const MAX_OPENING = 200;

function inSentenceOf(text: string, terms: Term[]): string {
  const first = terms[0];
  return first && inSentenceCase(first, true) !== written(first) && text.startsWith(first.text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** Reads an idea (any text a member wrote) into what a template needs. */
export function readIdea(idea: string): IdeaReading {
  const text = idea.trim();
  const sentence = firstSentence(text);
  const whole = sentence.replace(/[.!]+$/u, '').trim() || text;
  const opening = shorten(whole, MAX_OPENING);
  const rest = text.slice(sentence.length).trim();
  try {
    const terms = termsOf(opening.replace(/[?]+$/u, ''));
    const form = opening === whole ? formOf(opening, terms) : 'statement';
    const found = phrasesOf(terms);
    // The rest of the idea may name what the first sentence does not ("Why I stopped… We replaced them…").
    const more = rest && !found.subject ? phrasesOf(termsOf(shorten(rest, 300))) : { subject: null, people: null };
    return { opening, openingInSentence: inSentenceOf(opening, terms), form, subject: found.subject ?? more.subject, people: found.people ?? more.people, rest };
  } catch {
    // compromise reads any text we have tried; should it ever fail, the draft still gets written, from templates that need nothing.
    return { opening, openingInSentence: opening, form: 'statement', subject: null, people: null, rest };
  }
}

/** The things a title is about, without determiners ("our deploy time" → "deploy time"): themes for new ideas. */
export function thingsIn(title: string): string[] {
  try {
    const terms = termsOf(firstSentence(title.trim()).replace(/[.!?]+$/u, ''));
    return phrasesOf(terms).things.map((thing) => thing.text.replace(/^(?:the|our|my|your|their|his|her|its)\s+/iu, ''));
  } catch {
    return [];
  }
}

/** A phrase a member typed, inside a sentence: "Remote onboarding" → "remote onboarding", "Kubernetes" and "AI" as they are. */
export function inSentence(text: string): string {
  try {
    return inSentenceOf(text, termsOf(text));
  } catch {
    return text;
  }
}

/** Themes come back on every generation: each is read once (a bounded cache, cleared when full). */
const phrases = new Map<string, NounPhrase>();
const MAX_CACHED_PHRASES = 2000;

/** A short noun phrase (a theme, a research keyword): its number, so verbs agree with it. "Hiring engineers" is one activity. */
export function readPhrase(text: string): NounPhrase {
  const known = phrases.get(text);
  if (known) return known;
  if (phrases.size >= MAX_CACHED_PHRASES) phrases.clear();
  const read = readPhraseNow(text);
  phrases.set(text, read);
  return read;
}

function readPhraseNow(text: string): NounPhrase {
  try {
    const terms = termsOf(text);
    const last = terms.at(-1);
    const headWord = last ? clean(last.text).toLowerCase() : '';
    const plural = Boolean(last && isNoun(last) && !isActivity(terms) && isPluralNoun(last) && !SINGULAR_NAMES.has(headWord) && !last.tags.has('ProperNoun'));
    return { text, plural };
  } catch {
    return { text, plural: false };
  }
}
