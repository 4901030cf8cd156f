import nlp from 'compromise';
import { SLOT_MARKS } from '../../src/builtin/slots.js';

/**
 * Reads a text the writer produced with its slots marked (slots.ts) and says
 * what is wrong with what it put in them. The checks are the reader's, kept
 * apart from the writer's own reading: number comes from the word's form, not
 * from the writer's analysis.
 */

export interface FilledSlot {
  kind: string;
  text: string;
  /** The word right after the slot, lower case ("is", "are", "."). */
  next: string;
}

const OPEN = SLOT_MARKS.open;
const SEP = SLOT_MARKS.separator;
const CLOSE = SLOT_MARKS.close;
const SLOT = new RegExp(`${OPEN}([a-z-]+)${SEP}([^${CLOSE}]*)${CLOSE}\\s*([\\p{L}'’]+|\\S)?`, 'gu');

export const unmark = (text: string): string => text.replace(new RegExp(`${OPEN}[a-z-]+${SEP}|${CLOSE}`, 'gu'), '');

export function slotsIn(marked: string): FilledSlot[] {
  return [...marked.matchAll(SLOT)].map((match) => ({ kind: match[1] as string, text: match[2] as string, next: (match[3] ?? '').toLowerCase() }));
}

/** Verbs whose form depends on the subject's number, as [singular, plural]. */
const AGREEING: Array<[string, string]> = [
  ['is', 'are'],
  ['was', 'were'],
  ['has', 'have'],
  ['does', 'do'],
  ['isn’t', 'aren’t'],
  ["isn't", "aren't"],
  ['doesn’t', 'don’t'],
  ["doesn't", "don't"],
  ['needs', 'need'],
  ['looks', 'look'],
  ['saves', 'save'],
  ['costs', 'cost'],
  ['gets', 'get'],
  ['helps', 'help'],
  ['makes', 'make'],
  ['changes', 'change'],
  ['matters', 'matter'],
  ['works', 'work'],
  ['takes', 'take'],
  ['deserves', 'deserve'],
  ['becomes', 'become'],
  ['starts', 'start'],
  ['sorts', 'sort'],
  ['fails', 'fail'],
];
const SINGULAR_VERBS = new Set(AGREEING.map(([singular]) => singular));
const PLURAL_VERBS = new Set(AGREEING.map(([, plural]) => plural));

const DETERMINERS = /^(?:the|a|an|our|my|your|their|his|her|its|this|that|these|those)\s+/iu;
const MASS_IN_S = new Set(['news', 'analytics', 'logistics', 'economics', 'physics', 'mathematics', 'ethics', 'politics', 'series', 'species', 'kudos']);
const IRREGULAR_PLURALS = new Set(['people', 'children', 'men', 'women', 'folk', 'police', 'criteria', 'phenomena', 'feet', 'teeth', 'mice']);
const EITHER = new Set(['staff', 'data', 'media', 'team', 'faculty', 'crew', 'management', 'leadership']);

/**
 * The number a reader hears in a noun phrase, from the form of its last word:
 * "lessons" plural, "the launch" singular, "Kubernetes" (a name) singular.
 * A gerund phrase with an object ("hiring engineers", "staffing ratios") may be
 * read either way, and so may a few collective and mass words.
 */
export function numberOf(phrase: string): 'singular' | 'plural' | 'either' {
  const words = phrase.replace(DETERMINERS, '').split(/\s+/);
  const head = (words.at(-1) ?? '').replace(/[^\p{L}\p{N}'’-]/gu, '');
  const key = head.toLowerCase();
  if (words.length > 1 && /ing$/iu.test(words[0] ?? '')) return 'either';
  if (EITHER.has(key) || MASS_IN_S.has(key)) return 'either';
  if (IRREGULAR_PLURALS.has(key)) return 'plural';
  // Inside a sentence a capitalised last word is a name: "Kubernetes", "GitHub Copilot", "AI".
  if (/^\p{Lu}/u.test(head)) return 'singular';
  if (/(?<![su'’])s$/iu.test(key)) return 'plural';
  return 'singular';
}

/**
 * Never what a takeaway is about: words that say what kind of post it is or
 * when, pronouns, verb forms and the adjectives a title opens with ("usual",
 * "wrong"). Compromise calls some of them nouns ("the good"), so they are listed.
 */
const STRAY = new Set(
  (
    'post posts lesson lessons tip tips thing things way ways mistake mistakes reason reasons story stories question questions idea ideas truth ' +
    'myth myths sign signs secret secrets rule rules step steps ' +
    'i we you they he she it me us them everyone everything nothing nobody something someone one half lot lots kind part ' +
    'doing stopped started made taken usual good bad wrong best better worse new old first last real true remote failed hidden smallest useful checklist'
  ).split(' '),
);
/** Stray as a whole phrase, not as the head of one ("deploy time", "billable hours" are topics, "time" alone is not). */
const STRAY_ALONE = new Set('time times work cost money year years month months week weeks day days hour hours minute minutes'.split(' '));

/** People named by role: a takeaway about a thing must not be about them, and a slot for people must hold one. */
const ROLES =
  /^(?:nurse|manager|teacher|student|engineer|developer|designer|lawyer|client|customer|patient|founder|investor|buyer|rep|shopper|cashier|intern|analyst|associate|paralegal|chef|pharmacist|recruiter|candidate|reviewer|supervisor|midwife|doctor|driver|farmer|architect|electrician|homeowner|guest|volunteer|marketer|leader|parent|member|employee|hire|colleague|teammate|boss|receptionist|salesperson|ceo|cfo|cto|executive|participant|reader|user|staff|people|team|buyer|student|seller|owner|partner|worker|expert|mentor|coach|speaker|writer|editor|researcher|scientist|professor|physician|surgeon|therapist|teen|kid|child|children|adult|friend|family|director|lead|head|officer|agent)s?$/iu;

/** People: the last word names a role, or is a person's name ("Anna", "Dr. Patel"). */
const isPerson = (phrase: string): boolean => {
  const head = phrase.split(/\s+/).at(-1) ?? '';
  return ROLES.test(head) || /^(?:mr|mrs|ms|dr|prof)\.?\s/iu.test(phrase) || nlp(head).has('#Person');
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const without = (text: string) => text.replace(DETERMINERS, '').replace(/^(?:every|each|all)\s+/iu, '');

/** The phrase, or the same phrase with its last word in the other number, occurs in the idea as words. */
function takenFrom(phrase: string, idea: string): boolean {
  const bare = without(phrase);
  const forms = [bare, bare.replace(/s$/iu, ''), bare.replace(/es$/iu, ''), `${bare}s`, `${bare}es`];
  return forms.some((form) => form.length > 0 && new RegExp(`(?<![\\p{L}\\p{N}])${escape(form)}(?![\\p{L}\\p{N}])`, 'iu').test(idea));
}

/** A word compromise reads as a noun after "the" ("the reviews", not "the stopped"); "-ing" words name activities. */
function isNounWord(word: string): boolean {
  if (/^\p{Lu}/u.test(word) || /ing$/iu.test(word)) return true;
  // "one-on-ones", "month-end": the last part carries the noun.
  const terms = nlp(`the ${word.split(/[-‐]/u).at(-1) ?? word}`).json()[0]?.terms ?? [];
  return terms.length === 2 && (terms[1] as { tags: string[] }).tags.includes('Noun');
}

/**
 * A slot cut out of a longer noun in the idea ("code" of "code reviews", "career"
 * of "Career moves", "remote" of "remote onboarding"): a singular word the idea
 * follows with a noun it modifies (compromise reads the next word as a noun there,
 * and after "the"). A framing word may follow ("hiring" of "hiring mistake");
 * a plural is not a modifier ("nurses wish").
 */
function cutFromCompound(phrase: string, idea: string): boolean {
  const bare = without(phrase);
  if (numberOf(bare) === 'plural') return false;
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${escape(bare)} ([\\p{L}'’-]+)`, 'iu').exec(idea);
  const next = match?.[1];
  if (!next || STRAY.has(next.toLowerCase())) return false;
  const inIdea = nlp(idea).match(next).json()[0]?.terms?.[0] as { tags: string[] } | undefined;
  return Boolean(inIdea?.tags.includes('Noun') && !inIdea.tags.includes('Verb') && isNounWord(next));
}

const AUXILIARY = /\b(?:is|are|was|were|am|will|would|can|could|should|must|shall|may|might|has|have|had|do|does|did|isn[’']t|aren[’']t|don[’']t|doesn[’']t|won[’']t|can[’']t)\b/iu;
const WH = /^(?:how|why|what|when|where|who|which)\b/iu;
const SUBJECT_PRONOUN = /^(?:i|we|you|they|he|she|it)\s/iu;
/** Verbs a title gives orders with ("Stop optimising onboarding"). */
const IMPERATIVE =
  /^(?:stop|start|do|don['’]t|use|try|ask|write|make|let|give|take|keep|never|always|hire|build|ship|read|learn|forget|quit|say|think|be|get|go|find|put|run|bring)\b/iu;

/**
 * What follows "about" must be a noun phrase ("lessons from our failed product
 * launch") or an embedded question ("why I stopped doing code reviews",
 * "how to give feedback"), never a sentence or a question of its own.
 */
function readsAfterAbout(text: string): boolean {
  const clean = text.trim();
  if (/[?]$/u.test(clean)) return false;
  if (WH.test(clean)) {
    const rest = clean.replace(WH, '').trim();
    return !/^(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have)\b/iu.test(rest);
  }
  if (SUBJECT_PRONOUN.test(clean) || AUXILIARY.test(clean) || IMPERATIVE.test(clean)) return false;
  const doc = nlp(clean);
  // A finite verb after a noun ("Night shifts changed how…") makes it a sentence.
  return !doc.has('#Noun #PastTense') || doc.has('#Noun #PastTense #Noun');
}

/** Everything wrong with the slots of one marked text written from this idea, in words a reader understands. */
export function slotProblems(marked: string, idea: string): string[] {
  const problems: string[] = [];
  for (const slot of slotsIn(marked)) {
    const where = `${slot.kind} "${slot.text}"`;
    if (slot.kind === 'about') {
      if (!readsAfterAbout(slot.text)) problems.push(`${where}: not a noun phrase or an embedded question`);
      continue;
    }
    const bare = without(slot.text).toLowerCase();
    const head = bare.split(/\s+/).at(-1) ?? '';
    const writtenHead = without(slot.text).split(/\s+/).at(-1) ?? '';
    if (!takenFrom(slot.text, idea)) problems.push(`${where}: not a phrase of the idea`);
    // A gerund phrase is a noun phrase headed by its gerund ("saying no", "hiring engineers").
    const activity = /^\p{L}+ing\s/u.test(bare);
    // A keyword is whatever the member researched: it only has to be theirs and agree.
    if (slot.kind !== 'keyword') {
      if (STRAY.has(head) || STRAY_ALONE.has(bare)) problems.push(`${where}: a stray word, not what the idea is about`);
      else if (!activity && !isNounWord(writtenHead)) problems.push(`${where}: its last word is not a noun`);
      else if (cutFromCompound(slot.text, idea)) problems.push(`${where}: cut out of a longer noun of the idea`);
    }
    if (slot.kind === 'thing' && isPerson(bare)) problems.push(`${where}: people, where a thing is meant`);
    if (slot.kind === 'people' && !isPerson(slot.text)) problems.push(`${where}: not people`);
    const number = numberOf(slot.text);
    if ((number === 'singular' && PLURAL_VERBS.has(slot.next)) || (number === 'plural' && SINGULAR_VERBS.has(slot.next))) {
      problems.push(`${where} ${slot.next}: subject and verb disagree`);
    }
  }
  return problems;
}
