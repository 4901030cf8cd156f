import type { IdeaDraft } from '@lps/ai';
import type { Idea, NewIdea, NewOutboxEvent, Repositories, TransactionRepositories } from '@lps/db';
import type { OutsideClients } from '../../../outside-clients.js';
import { generateIdeas } from './generate-ideas.js';
import { recordGeneratedIdeas } from './record-ideas.js';
import { refusalOf } from '@lps/testing';

// A run of generated ideas with its repository functions in memory: the per-member cap, and
// one idea.created event committed with the ideas and announced after the commit, without
// PostgreSQL or Redis (the journey through both is in ideas.test.ts and ai-generation-flow.test.ts).

const MEMBER = '00000000-0000-4000-8000-0000000000a1';
const drafts = (count: number): IdeaDraft[] => Array.from({ length: count }, (_, index) => ({ title: `Idea ${index + 1}`, angle: null }));

/** A transaction in memory: what its work writes is kept only if the work resolves, as a commit. */
function depsWith(room: number) {
  const log: string[] = [];
  const committed = { ideas: [] as Idea[], events: [] as Array<NewOutboxEvent & { id: string }> };
  const announced: string[][] = [];
  let nextId = 0;
  const transaction = async <T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T> => {
    const staged: typeof committed = { ideas: [], events: [] };
    const tx = {
      makeRoomForIdeas: async (_memberId: string, wanted: number) => Math.max(0, Math.min(wanted, room)),
      insertIdeas: async (memberId: string, ideas: NewIdea[]) => {
        const rows = ideas.map((idea): Idea => ({
          id: `idea-${++nextId}`,
          memberId,
          title: idea.title,
          angle: idea.angle ?? null,
          status: 'new',
          source: idea.source,
          postId: null,
          researchRequestId: idea.researchRequestId ?? null,
          createdAt: new Date(),
          updatedAt: new Date(),
        }));
        staged.ideas.push(...rows);
        return rows;
      },
      appendOutboxEvent: async (event: NewOutboxEvent) => {
        const id = `event-${++nextId}`;
        staged.events.push({ ...event, id });
        return { id };
      },
      // Only the functions recordGeneratedIdeas uses: any other would be a call of undefined.
    } as unknown as TransactionRepositories;
    const result = await work(tx);
    committed.ideas.push(...staged.ideas);
    committed.events.push(...staged.events);
    log.push('commit');
    return result;
  };
  const announceEvents = async (ids: string[]) => void (log.push('announce'), announced.push(ids));
  return { deps: { repos: { transaction }, announceEvents }, log, committed, announced };
}

const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code]);

describe('recordGeneratedIdeas, with its repositories in memory', () => {
  it('stores only the ideas there is room for, with one idea.created event naming them, announced once after the commit', async () => {
    const { deps, log, committed, announced } = depsWith(2);
    const ideas = await recordGeneratedIdeas(deps, MEMBER, drafts(5));
    expect(ideas.map((idea) => [idea.title, idea.source])).toEqual([
      ['Idea 1', 'generated'],
      ['Idea 2', 'generated'],
    ]);
    expect(committed.ideas.map((idea) => idea.title)).toEqual(['Idea 1', 'Idea 2']);
    expect(committed.events).toEqual([{ id: expect.any(String), memberId: MEMBER, type: 'idea.created', data: { ideas } }]);
    expect(announced).toEqual([[committed.events[0]?.id]]);
    expect(log).toEqual(['commit', 'announce']);
  });

  it("answers 422 when the member's ideas are full: nothing is stored, no event is written or announced", async () => {
    const { deps, log, committed, announced } = depsWith(0);
    expect(await refusal(recordGeneratedIdeas(deps, MEMBER, drafts(3)))).toEqual([422, 'unprocessable']);
    expect([committed.ideas, committed.events, announced, log]).toEqual([[], [], [], []]);
  });

  it('a run that suggested nothing opens no transaction and announces nothing', async () => {
    const { deps, log } = depsWith(10);
    expect(await recordGeneratedIdeas(deps, MEMBER, [])).toEqual([]);
    expect(log).toEqual([]);
  });
});

describe('generateIdeas, with its repositories in memory', () => {
  function generationDeps(full: boolean, room: number) {
    const recorded = depsWith(room);
    const asked: Array<{ avoid: string[]; topics: string[] }> = [];
    const textProvider = { generateIdeas: async (request: { avoid: string[]; topics: string[] }) => (asked.push(request), drafts(3)) };
    const deps = {
      ...recorded.deps,
      repos: {
        ...recorded.deps.repos,
        ideasAreFull: async () => full,
        // Typed as Prisma's chainable query (its relations too): the use case only awaits it.
        findMemberProfile: (async () => ({ displayName: 'Ada', headline: null, companyName: null })) as unknown as Repositories['findMemberProfile'],
        ideaTitles: async () => ['Already had'],
        recentPostIdeas: async () => ['A recent post'],
      },
      clients: { textProvider } as unknown as OutsideClients,
    };
    return { ...recorded, deps, asked };
  }

  it('refuses a member whose ideas are full (422) before paying for a generation', async () => {
    const { deps, asked, log } = generationDeps(true, 0);
    expect(await refusal(generateIdeas(deps, MEMBER))).toEqual([422, 'unprocessable']);
    expect([asked, log]).toEqual([[], []]);
  });

  it("asks the provider to avoid the member's titles, and says how many of its ideas were kept", async () => {
    const { deps, asked, committed } = generationDeps(false, 2);
    const answer = await generateIdeas(deps, MEMBER);
    expect(asked).toEqual([expect.objectContaining({ avoid: ['Already had'], topics: ['A recent post'] })]);
    expect(committed.ideas).toHaveLength(2);
    expect(answer.result).toBe('Generated 2 new ideas for Ada: "Idea 1" and 1 more.');
  });
});
