import fc from 'fast-check';
import './support/property-seed.js';
import { BuiltinResearchProvider, BuiltinTextProvider, MAX_IDEA_TITLE_LENGTH, type MemberProfile } from '@lps/ai';

const provider = new BuiltinTextProvider();
const nullableText = fc.option(
  fc.string({ minLength: 1, maxLength: 120 }).filter((text) => text.trim().length > 0),
  { nil: null },
);
const memberArb: fc.Arbitrary<MemberProfile> = fc.record({
  displayName: nullableText,
  headline: fc.oneof(nullableText, fc.constantFrom('Staff engineer', 'Head of Marketing', 'Founder & CEO', 'Account executive', 'Product designer')),
  companyName: nullableText,
});

describe('builtin text provider: ideas', () => {
  it('suggests up to the requested count of distinct, specific titles with angles, never one to avoid', async () => {
    await fc.assert(
      fc.asyncProperty(memberArb, fc.integer({ min: 1, max: 10 }), fc.nat(), async (member, count, seed) => {
        const first = await provider.generateIdeas({ member, count, avoid: [], seed });
        const avoid = first.slice(0, 2).map((idea) => idea.title);
        const ideas = await provider.generateIdeas({ member, count, avoid, seed });
        expect(ideas.length).toBe(count);
        expect(new Set(ideas.map((idea) => idea.title.toLowerCase())).size).toBe(ideas.length);
        for (const idea of ideas) {
          expect(avoid).not.toContain(idea.title);
          expect(idea.title.length).toBeLessThanOrEqual(MAX_IDEA_TITLE_LENGTH);
          expect(idea.title).not.toMatch(/^idea \d+$/i);
          expect(idea.title.split(' ').length).toBeGreaterThanOrEqual(4);
          expect(idea.angle).toEqual(expect.any(String));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never runs dry: 100 runs of 10 for a member with a profile, 80 for one without, every title new', async () => {
    const cases: Array<[MemberProfile, number]> = [
      [{ displayName: 'Ada', headline: 'Engineering manager', companyName: 'Acme' }, 100],
      [{ displayName: null, headline: null, companyName: null }, 80],
    ];
    for (const [member, runs] of cases) {
      const taken: string[] = [];
      for (let run = 0; run < runs; run += 1) {
        const ideas = await provider.generateIdeas({ member, count: 10, avoid: [...taken].reverse(), seed: run * 7919 + 3 });
        expect([run, ideas.length]).toEqual([run, 10]);
        taken.push(...ideas.map((idea) => idea.title));
      }
      expect(new Set(taken.map((title) => title.toLowerCase())).size).toBe(runs * 10);
      for (const title of taken) expect(title).not.toMatch(/undefined|null|\{|\}|\s{2}/);
    }
  });

  it('draws on the member’s posts and on the themes of the ideas they kept', async () => {
    const member = { displayName: 'Ada', headline: null, companyName: null };
    const fromPosts = await provider.generateIdeas({ member, count: 200, avoid: [], topics: ['How we cut our deploy time with feature flags'], seed: 5 });
    expect(fromPosts.some((idea) => idea.title.includes('feature flags'))).toBe(true);
    const kept = ['The incident review mistake I kept making, and what it cost'];
    const fromIdeas = await provider.generateIdeas({ member, count: 200, avoid: kept, seed: 5 });
    expect(fromIdeas.some((idea) => idea.title.includes('incident review') && !kept.includes(idea.title))).toBe(true);
  });

  it('is deterministic per seed and differs across seeds', async () => {
    const member = { displayName: 'Ada', headline: 'Staff engineer', companyName: 'Acme' };
    const a = await provider.generateIdeas({ member, count: 10, avoid: [], seed: 1 });
    expect(await provider.generateIdeas({ member, count: 10, avoid: [], seed: 1 })).toEqual(a);
    expect(await provider.generateIdeas({ member, count: 10, avoid: [], seed: 2 })).not.toEqual(a);
  });

  it('turns research notes into ideas whose angle cites the finding, topping up from the keyword', async () => {
    const member = { displayName: 'Ada', headline: 'Staff engineer', companyName: 'Acme' };
    const notes = [{ title: 'Platform teams report faster onboarding', snippet: 'Onboarding dropped from 3 weeks to 4 days', url: 'https://www.example.com/report' }];
    const ideas = await provider.ideasFromResearch({ member, keyword: 'platform engineering', notes, count: 4, avoid: [], seed: 3 });
    expect(ideas).toHaveLength(4);
    expect(ideas[0]!.title).toContain('Platform teams report faster onboarding');
    expect(ideas[0]!.angle).toContain('Onboarding dropped from 3 weeks to 4 days (source: example.com)');
    expect(ideas.slice(1).every((idea) => /platform engineering/i.test(idea.title))).toBe(true);
  });

  it('offline research yields notes about the keyword from the member’s point of view, without inventing sources', async () => {
    const notes = await new BuiltinResearchProvider().gather({
      query: 'Remote onboarding',
      member: { displayName: null, headline: 'Engineering manager', companyName: 'Acme' },
      limit: 3,
    });
    expect(notes).toHaveLength(3);
    expect(notes.every((note) => note.url === null && /remote onboarding/i.test(note.title + note.snippet))).toBe(true);
    expect(notes.some((note) => note.snippet.includes('Acme') || note.snippet.includes('engineering manager'))).toBe(true);
  });
});
