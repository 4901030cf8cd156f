import fc from 'fast-check';
import './support/property-seed.js';
import { BuiltinTextProvider, MAX_POST_LENGTH, TEMPLATES, type MemberProfile, type PostDraftRequest } from '@lps/ai';

const provider = new BuiltinTextProvider();
const templateIds = TEMPLATES.map((template) => template.id);

const realisticIdeas = [
  'How we cut our deploy time in half',
  'Why I stopped doing status meetings. We replaced them with a written update every Friday, and nobody misses them.',
  'The hiring mistake that cost us six months',
  'AI code review: useful or noise?',
  'We launched our new pricing page today!',
];
const ideaArb = fc
  .oneof(
    fc.constantFrom(...realisticIdeas),
    fc.string({ minLength: 1, maxLength: 2000 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
    fc
      .array(fc.constantFrom('deploy', 'team', 'hiring', 'feedback', 'Kubernetes', 'pricing', 'we', 'the', 'why', 'and'), { minLength: 1, maxLength: 40 })
      .map((words) => `${words.join(' ')}.`),
  )
  .filter((idea) => idea.trim().length > 0);
const nullableText = fc.option(
  fc.string({ minLength: 1, maxLength: 120 }).filter((text) => text.trim().length > 0),
  { nil: null },
);
const memberArb: fc.Arbitrary<MemberProfile> = fc.record({ displayName: nullableText, headline: nullableText, companyName: nullableText });
const requestArb: fc.Arbitrary<PostDraftRequest> = fc.record({
  idea: ideaArb,
  angle: fc.option(fc.string({ minLength: 1, maxLength: 1000 }), { nil: null }),
  templateId: fc.option(fc.constantFrom(...templateIds), { nil: null }),
  member: memberArb,
  seed: fc.nat(),
  research: fc.option(
    fc.array(fc.record({ title: fc.string({ maxLength: 200 }), snippet: fc.string({ maxLength: 500 }), url: fc.option(fc.webUrl(), { nil: null }) }), { maxLength: 5 }),
    { nil: undefined },
  ),
});

const paragraphsOf = (body: string) => body.split('\n\n');

describe('builtin text provider: posts', () => {
  it('hashtags keep whole words: accents written decomposed, Devanagari marks, no punctuation inside a tag', async () => {
    const idea = 'De\u0301ploiement continu pour l\u2019équipe: हिन्दी दस्तावेज़ीकरण, CI/CD-pipelines and o\u0308ffentliche APIs';
    const { body } = await provider.writePost({ idea, angle: null, templateId: null, seed: 1, member: { displayName: null, headline: null, companyName: null } });
    const tags = paragraphsOf(body).at(-1)!.split(' ');
    for (const tag of tags) expect(tag).toMatch(/^#[\p{L}\p{M}\p{N}]+$/u);
    const words = tags.map((tag) => tag.slice(1).toLowerCase());
    expect(words.some((word) => ['déploiement', 'दस्तावेज़ीकरण', 'öffentliche', 'हिन्दी'].some((whole) => word.includes(whole)))).toBe(true);
    expect(words.some((word) => word.startsWith('ploiement'))).toBe(false);
  });

  it('writes a draft within 3,000 characters with a hook, short non-empty paragraphs and hashtags, for any idea', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const { body } = await provider.writePost(request);
        expect(body.length).toBeLessThanOrEqual(MAX_POST_LENGTH);
        const paragraphs = paragraphsOf(body);
        expect(paragraphs.length).toBeGreaterThanOrEqual(4);
        for (const paragraph of paragraphs) expect(paragraph.trim()).not.toBe('');
        expect(paragraphs[0]!.length).toBeGreaterThan(0);
        // Letters, marks and digits only: what LinkedIn takes as one hashtag (and what the client turns into one).
        expect(paragraphs.at(-1)).toMatch(/^#[\p{L}\p{M}\p{N}]+( #[\p{L}\p{M}\p{N}]+)*$/u);
        // Nothing of the writer's own machinery leaks; text the member gave (which may say anything) is theirs.
        const given = JSON.stringify(request);
        for (const leak of ['undefined', '[object ', '{{', 'NaN']) {
          if (!given.includes(leak)) expect(body).not.toContain(leak);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic for a fixed seed', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        expect((await provider.writePost(request)).body).toBe((await provider.writePost({ ...request })).body);
      }),
      { numRuns: 150 },
    );
  });

  it('writes a different draft when regenerating with another seed', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, fc.nat(), async (request, otherSeed) => {
        const first = await provider.writePost(request);
        const second = await provider.writePost({ ...request, seed: otherSeed, previousBody: first.body });
        expect(second.body).not.toBe(first.body);
      }),
      { numRuns: 150 },
    );
  });

  it('varies with the seed: ten seeds give several distinct drafts', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const bodies = await Promise.all([...Array(10).keys()].map((seed) => provider.writePost({ ...request, seed })));
        expect(new Set(bodies.map(({ body }) => body)).size).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 100 },
    );
  });

  it('gives each template its own draft for the same idea and seed', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const bodies = await Promise.all(templateIds.map((templateId) => provider.writePost({ ...request, templateId })));
        expect(new Set(bodies.map(({ body }) => body)).size).toBe(templateIds.length);
      }),
      { numRuns: 100 },
    );
  });

  it('numbers the steps of a how-to and keeps the idea’s characters unescaped', async () => {
    const idea = 'Tom & Jerry <b>"quoted"</b> it’s fine';
    const { body } = await provider.writePost({ idea, templateId: 'how-to', seed: 7, member: { displayName: null, headline: null, companyName: null } });
    expect(body).toContain('Tom & Jerry <b>"quoted"</b> it’s fine');
    expect(body).toMatch(/^1\. .+\n2\. .+\n3\. /m);
    expect(body).not.toMatch(/&amp;|&lt;|&quot;/);
  });

  it('grounds the draft in research notes and names the member’s company', async () => {
    const { body } = await provider.writePost({
      idea: 'Why small pull requests win',
      templateId: 'announcement',
      seed: 1,
      member: { displayName: 'Ada', headline: 'Staff engineer', companyName: 'Acme' },
      research: [{ title: 'Review speed study', snippet: 'Reviews of small changes finish three times faster', url: 'https://example.org/study' }],
    });
    expect(body).toContain('Reviews of small changes finish three times faster (example.org)');
    expect(body).toContain('Acme');
  });
});
