import { linkedInPostCreatedAt } from '@lps/network';

// The evidence behind "LinkedIn post ids carry their creation time" (docs/decisions/0017): posts whose
// creation time LinkedIn itself states, beside what `id >> 22` says. Recovery adopts a duplicate by its
// time only because these agree within a second.
const STATED: Array<[source: string, urn: string, statedMs: number]> = [
  // A Posts API answer quoted whole in "LinkedIn's New Posts API: The Good, The Bad, and The Ugly" (Superface, 2023).
  ['Posts API answer, createdAt', 'urn:li:share:7045020441609936898', 1_679_663_763_610],
  // A Posts API answer quoted in a Ruby LinkedIn client from LinkedIn's Posts API page ("comment on Oct 20").
  ['Posts API sample, createdAt', 'urn:li:ugcPost:6856810298419044352', 1_634_790_968_743],
  // LinkedIn's Compliance Events page: an article's id with its "created" time.
  ['Compliance Events sample, created', 'urn:li:share:6258368624109719552', 1_492_111_354_000],
];

describe('a LinkedIn post URN carries its creation time', () => {
  it.each(STATED)('%s: %s decodes within a second of the stated time', (_source, urn, statedMs) => {
    const decoded = linkedInPostCreatedAt(urn);
    expect(decoded).toBeDefined();
    expect(Math.abs((decoded as Date).getTime() - statedMs)).toBeLessThan(1_000);
  });

  it('reads share, ugcPost and activity URNs alike', () => {
    expect(linkedInPostCreatedAt('urn:li:activity:7365805210167885824')?.toISOString()).toBe('2025-08-25T18:00:12.147Z');
    expect(linkedInPostCreatedAt('urn:li:ugcPost:7402746945318146049')?.toISOString()).toBe('2025-12-05T16:33:28.151Z');
  });

  it.each([
    'urn:li:share:123', // a small number (the sandbox's URNs, LinkedIn's oldest ids): no time in it
    'urn:li:image:7045020441609936898',
    'urn:li:share:99999999999999999999', // past 64 bits
    'urn:li:share:-7045020441609936898',
    'urn:li:share:7045020441609936898 ',
    'urn:li:share:7045020441609936898\u0000',
    'urn:li:share:',
    'share:7045020441609936898',
  ])('%j carries no time', (urn) => {
    expect(linkedInPostCreatedAt(urn)).toBeUndefined();
  });
});
