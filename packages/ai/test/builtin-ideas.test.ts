import fc from 'fast-check';
import './support/property-seed.js';
import { BuiltinResearchProvider, BuiltinTextProvider, MAX_IDEA_TITLE_LENGTH, type MemberProfile } from '@lps/ai';

const provider = new BuiltinTextProvider();
const nullableText = fc.option(fc.string({ minLength: 1, maxLength: 120 }).filter((text) => text.trim().length > 0), { nil: null });
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
    const notes = await new BuiltinResearchProvider().gather({ query: 'Remote onboarding', member: { displayName: null, headline: 'Engineering manager', companyName: 'Acme' }, limit: 3 });
    expect(notes).toHaveLength(3);
    expect(notes.every((note) => note.url === null && /remote onboarding/i.test(note.title + note.snippet))).toBe(true);
    expect(notes.some((note) => note.snippet.includes('Acme') || note.snippet.includes('engineering manager'))).toBe(true);
  });
});
