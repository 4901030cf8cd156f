import type { ResearchNote } from '../research-provider.js';
import type { MemberProfile } from '../text-provider.js';
import { agree, asSentence, organisation, roleOf } from './english.js';
import { inSentence, readIdea, type IdeaReading, type NounPhrase } from './idea-reading.js';
import { pick } from './random.js';
import { writeSlotAsIs, type SlotWriter } from './slots.js';
import { capitalise, shorten } from './text-tools.js';

/**
 * The member's angle and how a sentence can take it: after a colon as a
 * `statement` ("We measured it for a month") or a `brief` ("Three lessons for
 * people starting out"), or `alone` as its own sentence when it has its own
 * colon or question mark.
 */
export interface Angle {
  text: string;
  kind: 'statement' | 'brief' | 'alone';
}

/** Everything a template needs to write one draft; `random` is seeded, so the draft is reproducible. */
export interface DraftContext {
  reading: IdeaReading;
  /** The rest of the idea (sentences after the first), or null when the idea is one sentence. */
  details: string | null;
  angle: Angle | null;
  member: MemberProfile;
  notes: ResearchNote[];
  random: () => number;
  slot: SlotWriter;
}

export type TemplateWriter = (context: DraftContext) => string[];

function angleOf(raw: string | null | undefined): Angle | null {
  if (!raw?.trim()) return null;
  const text = shorten(raw, 400).replace(/[.!…]*$/u, '');
  if (!text) return null;
  if (/[:;?]/u.test(text)) return { text, kind: 'alone' };
  return { text, kind: readIdea(text).form === 'statement' ? 'statement' : 'brief' };
}

export function draftContext(
  request: { idea: string; angle?: string | null; member: MemberProfile; research?: ResearchNote[] },
  random: () => number,
  slot: SlotWriter = writeSlotAsIs,
): DraftContext {
  const reading = readIdea(request.idea);
  return {
    reading,
    details: reading.rest ? shorten(reading.rest, 600) : null,
    angle: angleOf(request.angle),
    member: request.member,
    notes: (request.research ?? []).filter((note) => note.snippet.trim() || note.title.trim()).slice(0, 2),
    random,
    slot,
  };
}

/**
 * One of the sentences that can be written for this idea, chosen by the seed.
 * A variant is `false` or null when it needs what the idea does not have (a
 * thing it is about, people, an opening that reads after "about"); every list
 * keeps at least one variant that needs nothing.
 */
export function choose(c: DraftContext, variants: ReadonlyArray<string | false | null>): string {
  return pick(
    c.random,
    variants.filter((variant): variant is string => typeof variant === 'string'),
  );
}

/** What the idea is about, as the template writes it ("code reviews", "our deploy time"), or null. */
export function thing(c: DraftContext): NounPhrase | null {
  const subject = c.reading.subject;
  return subject ? { text: c.slot('thing', subject.text), plural: subject.plural } : null;
}

/** The people the idea names ("nurses", "our head nurse"), or null. */
export function people(c: DraftContext): NounPhrase | null {
  const named = c.reading.people;
  return named ? { text: c.slot('people', named.text), plural: named.plural } : null;
}

/** The opening where it can follow "about": a noun phrase or an embedded question, else null. */
export function about(c: DraftContext): string | null {
  const { form, openingInSentence } = c.reading;
  return form === 'phrase' || form === 'embedded' ? c.slot('about', openingInSentence) : null;
}

/** The opening as a sentence of its own, capitalised, with its own question mark when it has one. */
export const opening = (c: DraftContext): string => asSentence(capitalise(c.reading.opening));

/** A statement's opening after a colon ("Unpopular opinion: technical debt is a choice."), else null. */
export const statement = (c: DraftContext): string | null => (c.reading.form === 'statement' ? asSentence(c.reading.openingInSentence) : null);

export const isQuestion = (c: DraftContext): boolean => c.reading.form === 'question';

/** Everything a template may take from the idea, each written through the slot writer; null where the idea has none. */
export interface Fills {
  question: boolean;
  topic: string | null;
  claim: string | null;
  opening: string;
  t: NounPhrase | null;
  p: NounPhrase | null;
}

export const fillsOf = (c: DraftContext): Fills => ({ question: isQuestion(c), topic: about(c), claim: statement(c), opening: opening(c), t: thing(c), p: people(c) });

/** The angle after a template's lead ("The turning point:"), or as its own sentence. */
export function angleLine(c: DraftContext, leads: { statement: string; brief: string }): string | null {
  const { angle } = c;
  if (!angle) return null;
  if (angle.kind === 'alone') return asSentence(capitalise(angle.text));
  return `${angle.kind === 'statement' ? leads.statement : leads.brief} ${asSentence(inSentence(angle.text))}`;
}

/** One line that places the member: their role, their company, or neither. */
export function whoLine(c: DraftContext): string {
  const company = c.member.companyName?.trim() && organisation(c.member.companyName.trim());
  const role = roleOf(c.member.headline);
  if (company && c.random() < 0.5) return `At ${company}, we learned this the slow way.`;
  if (role) return `In my work as ${role}, I have seen this play out more than once.`;
  if (company) return `At ${company}, we learned this the slow way.`;
  return 'I have seen this play out more than once, in teams of every size.';
}

/** The research notes, quoted briefly with their source, so the draft is grounded in what was found. */
export function researchLines(c: DraftContext): string[] {
  return c.notes.map((note) => {
    const text = shorten(note.snippet.trim() || note.title.trim(), 280).replace(/[.!?…]*$/, '');
    const source = note.url ? ` (${hostOf(note.url)})` : '';
    return `${pick(c.random, ['Something I read while preparing this', 'One data point worth sharing', 'A note from my research'])}: ${text}${source}.`;
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'source';
  }
}

export function closingQuestion(c: DraftContext): string {
  return pick(c.random, [
    'What would you add?',
    'Have you seen the same thing? Tell me in the comments.',
    'Which part would you try first?',
    'Agree or disagree? I would like to hear why.',
    'What is the one thing you would do differently?',
    'If you have tried this, what happened?',
  ]);
}

/** A takeaway the reader can act on this week, about what the idea names when it names something. */
export function concreteTakeaway(c: DraftContext, lead: string): string {
  const t = thing(c);
  const p = people(c);
  return `${lead} ${choose(c, [
    t && `before you change anything about ${t.text}, write down what you expect to happen, then check it two weeks later.`,
    t && `change one thing about ${t.text} at a time, so you know which change worked.`,
    t && `pick one number that tells you whether ${t.text} ${agree(t, 'is')} getting better, and look at it every week.`,
    t && `block thirty minutes this week to look at ${t.text} with fresh eyes, and share one thing you would cut.`,
    p && `ask ${p.text} what slows the work down, and fix the smallest thing first.`,
    p && `spend an hour with ${p.text} before you decide anything that changes their day.`,
    !t && 'before you change anything, write down what you expect to happen, then check it two weeks later.',
    !t && 'change one thing at a time, so you know which change worked.',
    !t && !p && 'pick one number that tells you whether things are getting better, and look at it every week.',
  ])}`;
}
