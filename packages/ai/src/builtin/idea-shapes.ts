import type { IdeaDraft, MemberProfile } from '../text-provider.js';
import { agree, bothForms } from './english.js';
import type { NounPhrase } from './idea-reading.js';
import type { SlotWriter } from './slots.js';
import { capitalise } from './text-tools.js';

/** A theme read once (readPhrase) so every shape's verbs agree with it. */
export type Shape = (theme: NounPhrase, member: MemberProfile, slot: SlotWriter) => IdeaDraft | null;

export const idea = (title: string, angle: string | null): IdeaDraft => ({ title, angle });

/**
 * Post shapes as templates: `{t}` is the theme, `{T}` the theme capitalised,
 * `{company}` the member's company (a shape that needs it is skipped without),
 * and a verb in braces (`{is}`, `{looks}`, `{needs}`) agrees with the theme:
 * "Career moves are a team sport", "What good feedback looks like". The theme
 * never stands before a noun ("the on-call mistake"), where a plural would not read.
 */
const TEMPLATES: Array<[title: string, angle: string]> = [
  ['A mistake I kept making with {t}, and what it cost', 'A specific example, the cost in time or money, and the fix that stuck'],
  ['What I wish I had known about {t} in my first year', 'Three lessons for people starting out, each with a real example'],
  ['The usual advice on {t}, and why it fails', 'A contrarian take: where the advice breaks, and what to do instead'],
  ['How we changed our approach to {t} at {company}', 'Before and after, with one number that moved'],
  ['{T}: the checklist I use every week', 'A short, practical list readers can copy today'],
  ['One small change to {t} that saved us hours', 'The change, why it worked, and how to try it in a week'],
  ['Stop polishing {t}. Do this first.', 'Challenge a common habit and offer a simpler first step'],
  ['What good {t} {looks} like from the inside', 'Concrete signals to look for, drawn from your own experience'],
  ['The question I now ask before any talk about {t}', 'One question, the story that taught it, and what it changes'],
  ['{T} in five sentences', 'Compress what you know into five lines a newcomer can use tomorrow'],
  ['A story about {t} I still think about', 'One moment, told in detail, and the lesson you took from it'],
  ['Three signs it is time to rethink {t}', 'Warning signs readers can check against their own week'],
  ['The metric that told us the truth about {t}', 'Which number, how you measured it, and what it revealed'],
  ['What nobody tells you about {t}', 'An honest detail that rarely makes it into the advice'],
  ['I was wrong about {t}', 'What you believed, what changed your mind, and what you do now'],
  ['{T} at {company}: what a normal week looks like', 'A transparent look at the routine behind the results'],
  ['How to get better at {t} without adding more work', 'Practical habits that fit into the work you already do'],
  ['The template for {t} I give every new teammate', 'Share the template, line by line, and why each part is there'],
  ['Ten years of {t}, one lesson', 'Boil a long experience down to the single thing that matters'],
  ['When to ignore best practices on {t}', 'The situations where the rulebook costs more than it saves'],
  ['A bad week of {t}, and what we fixed after it', 'A short review of what broke, why, and the change that followed'],
  ['{T}: what I tell people who are just starting out', 'The advice you give in person, written down'],
  ['The hidden cost of ignoring {t}', 'Show the slow, compounding cost with one concrete example'],
  ['How I explain {t} to people outside my field', 'An analogy that makes it click, and why it matters to them'],
  ['Before you start on {t}, ask these questions', 'A short list of questions that prevent the usual mistakes'],
  ['The best advice on {t} I ever got', 'Who gave it, when, and how you have used it since'],
  ['{T} {is} a team sport', 'Why it fails when one person owns it, and how to share it'],
  ['The smallest useful habit for {t}', 'A five-minute habit, and what it has added up to'],
  ['What {company} taught me about {t}', 'A lesson from your company, told through one real situation'],
  ['Myths about {t} I hear every month', 'Name three myths and answer each with experience'],
];

const AGREEING = /\{(is|looks|needs)\}/gu;

function fill(template: string, theme: NounPhrase, company: string, slot: SlotWriter): string {
  return template
    .replace('{T}', slot('theme', capitalise(theme.text)))
    .replace('{t}', slot('theme', theme.text))
    .replace('{company}', company)
    .replace(AGREEING, (_brace, verb: string) => agree(theme, verb));
}

export const SHAPES: Shape[] = TEMPLATES.map(([title, angle]) => (theme, member, slot) => {
  const company = member.companyName?.trim() ?? '';
  if (title.includes('{company}') && !company) return null;
  return idea(fill(title, theme, company, slot), angle);
});

/** Two themes at once: how one part of the work shapes another. */
export const PAIR_SHAPES: Array<(a: string, b: string, slot: SlotWriter) => IdeaDraft> = [
  (a, b, slot) => idea(`What ${slot('theme', a)} taught me about ${slot('theme', b)}`, 'Connect two parts of your work through one experience'),
  (a, b, slot) => idea(`${slot('theme', capitalise(a))} and ${slot('theme', b)}: the link nobody talks about`, 'Show how improving one quietly improved the other'),
  (a, b, slot) => idea(`Fixing ${slot('theme', b)} by starting with ${slot('theme', a)}`, 'A surprising first step, and why it worked better than the obvious one'),
];

const escapeForRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** Each template as a pattern that recovers the theme from a title it produced (the pairs give their first theme). */
const PATTERNS = [...TEMPLATES.map(([title]) => title), 'What {t} taught me about {b}', '{T} and {b}: the link nobody talks about', 'Fixing {b} by starting with {t}'];

function patternOf(template: string, company: string): RegExp {
  const source = escapeForRegExp(template)
    .replace('\\{T\\}', '(.+?)')
    .replace('\\{t\\}', '(.+?)')
    .replace('\\{b\\}', '.+?')
    .replace('\\{company\\}', escapeForRegExp(company))
    .replace(/\\\{(is|looks|needs)\\\}/gu, (_brace, verb: string) => `(?:${bothForms(verb).join('|')})`);
  return new RegExp(`^${source}$`, 'i');
}

/** The patterns for the last company asked about: one generation reads every title a member has with the same ones. */
let compiled: { company: string; patterns: RegExp[] } | undefined;

function patternsFor(company: string): RegExp[] {
  if (compiled?.company !== company) {
    compiled = { company, patterns: PATTERNS.filter((template) => company || !template.includes('{company}')).map((template) => patternOf(template, company)) };
  }
  return compiled.patterns;
}

/** The theme of a title one of our shapes wrote (so an idea the member kept seeds more like it), if any. */
export function themeOfTitle(title: string, member: MemberProfile): string | undefined {
  const trimmed = title.trim();
  for (const pattern of patternsFor(member.companyName?.trim() ?? '')) {
    const match = pattern.exec(trimmed);
    if (match?.[1]) return match[1].toLowerCase();
  }
  return undefined;
}
