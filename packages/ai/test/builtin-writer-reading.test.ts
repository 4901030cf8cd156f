import fc from 'fast-check';
import './support/property-seed.js';
import { BuiltinTextProvider, TEMPLATES, type IdeaDraft, type MemberProfile, type PostDraftRequest } from '@lps/ai';
import { composeDraft } from '../src/builtin/compose-draft.js';
import { ideasForMember, themesFor } from '../src/builtin/member-ideas.js';
import { ideasFromNotes } from '../src/builtin/research-ideas.js';
import { writeSlotMarked } from '../src/builtin/slots.js';
import { grammarProblems, knowWords, type GrammarProblem } from './support/grammar-check.js';
import { WRITER_IDEAS as IDEAS } from '@lps/testing';
import { slotProblems, unmark } from './support/slot-checks.js';

// The builtin writer reads the idea before it writes (issue 37): every slot a
// template fills holds a noun phrase of the idea that agrees with its verb, and
// an offline grammar checker (harper) finds nothing to say about the drafts,
// the ideas it suggests, or the drafts written from those ideas.

const provider = new BuiltinTextProvider();
const templateIds = TEMPLATES.map((template) => template.id);

const MEMBERS: MemberProfile[] = [
  { displayName: null, headline: null, companyName: null },
  { displayName: 'Ada Lovelace', headline: 'Staff engineer', companyName: 'Acme' },
  { displayName: 'Grace Okafor', headline: 'Charge nurse', companyName: null },
  { displayName: 'Sam Lee', headline: 'Year 5 teacher', companyName: 'Hillside Primary' },
  { displayName: 'Priya Shah', headline: 'Account executive', companyName: 'Northwind' },
  { displayName: 'Tom Berg', headline: 'Finance director', companyName: null },
  { displayName: null, headline: 'Product designer', companyName: 'Studio Nine' },
  { displayName: 'Lena Vogel', headline: 'Employment lawyer', companyName: null },
  { displayName: null, headline: 'Store manager', companyName: 'Corner Goods' },
  { displayName: 'Kofi Mensah', headline: 'Research scientist', companyName: 'Institute of Soil Health' },
];

const ANGLES = [
  'Reviews after 5pm were rushed, and nobody learned from them',
  'A specific example, the cost in time or money, and the fix that stuck',
  'We measured it for a month before deciding',
  'Three lessons for people starting out, each with a real example',
];

const NOTES = [
  { title: 'Review speed study', snippet: 'Reviews of small changes finish three times faster', url: 'https://example.org/study' },
  { title: 'Nurse staffing report', snippet: 'Wards with fixed ratios reported fewer missed medications', url: null },
];

interface Failure {
  idea: string;
  template: string;
  problems: string[];
}

/** A sweep's failures counted, with the first few to read. */
const summary = (failures: Failure[]) => ({
  failing: failures.length,
  problems: failures.reduce((sum, failure) => sum + failure.problems.length, 0),
  first: failures.slice(0, 8),
});
const NO_FAILURES = { failing: 0, problems: 0, first: [] };

/** One draft per idea and template, each with its own seed and member: 1,210 drafts. */
const SWEEP: PostDraftRequest[] = IDEAS.flatMap((idea, index) =>
  templateIds.map((templateId, offset) => ({
    idea,
    templateId,
    seed: index * 31 + offset,
    angle: null,
    member: MEMBERS[(index + offset) % MEMBERS.length] as MemberProfile,
  })),
);

const requestArb: fc.Arbitrary<PostDraftRequest> = fc.record({
  idea: fc.constantFrom(...IDEAS),
  templateId: fc.option(fc.constantFrom(...templateIds), { nil: null }),
  seed: fc.nat(),
  angle: fc.option(fc.constantFrom(...ANGLES), { nil: null }),
  member: fc.constantFrom(...MEMBERS),
  research: fc.option(fc.subarray(NOTES, { minLength: 1 }), { nil: undefined }),
});

/** What the member wrote, which the draft quotes as it is. */
const textsOf = (request: PostDraftRequest): string[] => [request.idea, request.angle ?? '', ...(request.research ?? []).flatMap((note) => [note.title, note.snippet])];

const describeProblems = (problems: GrammarProblem[]) => problems.map((problem) => `${problem.rule}: "${problem.text}" (${problem.message})`);

/** The member's own words (names, jargon) are theirs to spell. */
beforeAll(async () => {
  await knowWords([
    ...IDEAS,
    ...ANGLES,
    ...MEMBERS.flatMap((member) => [member.displayName ?? '', member.headline ?? '', member.companyName ?? '']),
    ...NOTES.flatMap((note) => [note.title, note.snippet]),
  ]);
}, 120_000);

describe('builtin writer: what it takes from the idea', () => {
  it('fills every slot of every template with a noun phrase of the idea that agrees with its verb (242 ideas × 5 templates)', () => {
    const failures: Failure[] = [];
    for (const request of SWEEP) {
      const problems = slotProblems(composeDraft(request, request.seed, writeSlotMarked), request.idea);
      if (problems.length > 0) failures.push({ idea: request.idea, template: request.templateId as string, problems });
    }
    expect(summary(failures)).toEqual(NO_FAILURES);
  }, 300_000);

  it('writes drafts in which harper finds no problem (242 ideas × 5 templates)', async () => {
    const failures: Failure[] = [];
    for (const request of SWEEP) {
      const problems = await grammarProblems((await provider.writePost(request)).body, textsOf(request));
      if (problems.length > 0) failures.push({ idea: request.idea, template: request.templateId as string, problems: describeProblems(problems) });
    }
    expect(summary(failures)).toEqual(NO_FAILURES);
  }, 300_000);

  it('holds for any idea of the list, with any template, seed, member, angle and research notes: slots and harper', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const marked = composeDraft(request, request.seed, writeSlotMarked);
        const { body } = await provider.writePost(request);
        // The marks change nothing but the marks: this is the draft the member gets.
        expect(unmark(marked)).toBe(body);
        expect(slotProblems(marked, request.idea)).toEqual([]);
        expect(describeProblems(await grammarProblems(body, textsOf(request)))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  }, 300_000);
});

/** Ideas the writer suggests, and the drafts written from them, read as well as the member's own. */
async function ideaFailures(ideas: Array<{ marked: IdeaDraft; source: string }>, member: MemberProfile, seed: number): Promise<string[]> {
  const failures: string[] = [];
  for (const [index, { marked, source }] of ideas.entries()) {
    const title = unmark(marked.title);
    const angle = marked.angle === null ? null : unmark(marked.angle);
    const problems = [
      ...slotProblems(marked.title, source),
      ...slotProblems(marked.angle ?? '', source),
      ...describeProblems(await grammarProblems(`${title}\n\n${angle ?? ''}`, [source])),
    ];
    const templateId = templateIds[(seed + index) % templateIds.length] as string;
    const request = { idea: title, angle, templateId, member, seed: seed + index };
    problems.push(...slotProblems(composeDraft(request, request.seed, writeSlotMarked), title));
    problems.push(...describeProblems(await grammarProblems((await provider.writePost(request)).body, [source])));
    if (problems.length > 0) failures.push(`${title} [${templateId}]: ${problems.join('; ')}`);
  }
  return failures;
}

describe('builtin writer: ideas it suggests', () => {
  it('suggests ideas whose themes are noun phrases that agree, harper finds no problem in them, nor in drafts written from them', async () => {
    const failures: string[] = [];
    for (const [index, member] of MEMBERS.entries()) {
      // Half the members have posts: their ideas (from the list) seed themes of their own.
      const topics = index % 2 === 0 ? IDEAS.slice(index * 20, index * 20 + 6) : [];
      await knowWords(topics);
      for (const seed of [1, 2, 3]) {
        const request = { member, count: 10, avoid: [], topics, seed: seed * 7919 + index };
        const source = themesFor(member, topics).join('\n');
        const ideas = ideasForMember(request, writeSlotMarked).map((marked) => ({ marked, source }));
        expect(ideas.map(({ marked }) => ({ title: unmark(marked.title), angle: marked.angle && unmark(marked.angle) }))).toEqual(await provider.generateIdeas(request));
        failures.push(...(await ideaFailures(ideas, member, seed)));
      }
    }
    expect({ failing: failures.length, first: failures.slice(0, 10) }).toEqual({ failing: 0, first: [] });
  }, 300_000);

  it('turns research into ideas whose keyword agrees with its verbs, and that read well as drafts', async () => {
    const keywords = [
      'platform engineering',
      'code reviews',
      'nurse staffing ratios',
      'AI',
      'remote onboarding',
      'Kubernetes',
      'billable hours',
      'cash flow',
      'design systems',
      'hiring engineers',
      'exit tickets',
      'the four-day week',
    ];
    await knowWords(keywords);
    const failures: string[] = [];
    for (const [index, keyword] of keywords.entries()) {
      const member = MEMBERS[index % MEMBERS.length] as MemberProfile;
      const request = { member, keyword, notes: index % 3 === 0 ? [] : NOTES, count: 5, avoid: [], seed: index };
      const ideas = ideasFromNotes(request, writeSlotMarked).map((marked) => ({ marked, source: keyword }));
      expect(ideas.map(({ marked }) => ({ title: unmark(marked.title), angle: marked.angle && unmark(marked.angle) }))).toEqual(await provider.ideasFromResearch(request));
      failures.push(...(await ideaFailures(ideas, member, index)));
    }
    expect({ failing: failures.length, first: failures.slice(0, 10) }).toEqual({ failing: 0, first: [] });
  }, 300_000);
});
