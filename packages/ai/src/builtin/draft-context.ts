import type { ResearchNote } from '../research-provider.js';
import type { MemberProfile } from '../text-provider.js';
import { pick } from './random.js';
import { capitalise, keywordsOf, lowerFirst, shorten, topicOf } from './text-tools.js';

/** Everything a template needs to write one draft; `random` is seeded, so the draft is reproducible. */
export interface DraftContext {
  /** The idea's first sentence, capitalised, without final punctuation. */
  topic: string;
  /** The rest of the idea (sentences after the first), or null when the idea is one sentence. */
  details: string | null;
  angle: string | null;
  member: MemberProfile;
  notes: ResearchNote[];
  /** A distinctive word of the idea, for concrete takeaways. */
  keyword: string;
  random: () => number;
}

export type TemplateWriter = (context: DraftContext) => string[];

export function draftContext(request: { idea: string; angle?: string | null; member: MemberProfile; research?: ResearchNote[] }, random: () => number): DraftContext {
  const idea = request.idea.trim();
  const firstEnd = idea.search(/(?<=[.!?])\s+|\n/);
  const rest = firstEnd > 0 ? idea.slice(firstEnd).trim() : '';
  const angle = request.angle?.trim() ? shorten(request.angle, 400).replace(/[.!?…]*$/, '') : null;
  return {
    topic: capitalise(topicOf(idea)),
    details: rest ? shorten(rest, 600) : null,
    angle,
    member: request.member,
    notes: (request.research ?? []).filter((note) => note.snippet.trim() || note.title.trim()).slice(0, 2),
    keyword: keywordsOf(idea)[0] ?? 'the work',
    random,
  };
}

/** "how we cut deploy time" inside a sentence; names and acronyms keep their capitals. */
export const inSentence = (context: DraftContext): string => lowerFirst(context.topic);

/** One line that places the member: their role, their company, or neither. */
export function whoLine(context: DraftContext): string {
  const { headline, companyName } = context.member;
  if (companyName && context.random() < 0.5) return `At ${companyName.trim()}, we learned this the slow way.`;
  if (headline) return `In my work as ${lowerFirst(headline.trim())}, I have seen this play out more than once.`;
  if (companyName) return `At ${companyName.trim()}, we learned this the slow way.`;
  return 'I have seen this play out more than once, in teams of every size.';
}

/** The research notes, quoted briefly with their source, so the draft is grounded in what was found. */
export function researchLines(context: DraftContext): string[] {
  return context.notes.map((note) => {
    const text = shorten(note.snippet.trim() || note.title.trim(), 280).replace(/[.!?…]*$/, '');
    const source = note.url ? ` (${hostOf(note.url)})` : '';
    return `${pick(context.random, ['Something I read while preparing this', 'One data point worth sharing', 'A note from my research'])}: ${text}${source}.`;
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'source';
  }
}

export function closingQuestion(context: DraftContext): string {
  return pick(context.random, [
    'What would you add?',
    'Have you seen the same thing? Tell me in the comments.',
    'Which part would you try first?',
    'Agree or disagree? I would like to hear why.',
    'What is the one thing you would do differently?',
    'If you have tried this, what happened?',
  ]);
}

export function concreteTakeaway(context: DraftContext, lead: string): string {
  const kw = context.keyword;
  return `${lead} ${pick(context.random, [
    `before you change anything that touches ${kw}, write down what you expect to happen, then check it two weeks later.`,
    `change one thing about ${kw} at a time, so you know which change worked.`,
    `ask the people closest to ${kw} what slows them down, and fix the smallest thing first.`,
    `pick one number that tells you whether ${kw} is getting better, and look at it every week.`,
    `block thirty minutes this week to look at ${kw} with fresh eyes, and share one thing you would cut.`,
  ])}`;
}
