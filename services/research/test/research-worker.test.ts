import type { ServerResponse } from 'node:http';
import { enqueue } from '@lps/queue';
import type { RunningService } from '@lps/runtime';
import { createTestMember, createTestRuntime, startLoopbackServer, waitFor, type LoopbackServer, type TestRuntime } from '@lps/testing';
import { researchContext, researchKeyword, startResearchService, type ResearchContext } from '@lps/research';

/** A fake SearxNG: GET /search?q=…&format=json with its real answer shape. */
let search: LoopbackServer;
let searchQueries: URLSearchParams[] = [];
let searchAnswer: (res: ServerResponse) => void;

const searxngResults = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      query: 'platform engineering',
      number_of_results: 3,
      results: [
        {
          title: 'Platform teams cut onboarding time',
          url: 'https://example.com/onboarding',
          content: 'New engineers shipped in 4 days instead of 3 weeks.',
          engine: 'duckduckgo',
          score: 1.2,
        },
        { title: 'The <b>hidden cost</b> of internal platforms', url: 'https://blog.example.org/cost', content: 'Maintenance took 30% of the team.', engine: 'bing' },
        { title: '', url: 'https://example.net/empty', content: '' },
      ],
      answers: [],
      suggestions: [],
    }),
  );
};

let test: TestRuntime;
let deps: ResearchContext;
let memberId: string;

beforeAll(async () => {
  search = await startLoopbackServer((req, res) => {
    searchQueries.push(new URL(req.url ?? '/', 'http://x').searchParams);
    searchAnswer(res);
  });
  test = await createTestRuntime({ LPS_RESEARCH_PROVIDER: 'searxng', LPS_SEARCH_URL: search.url, LPS_RESEARCH_TIMEOUT: '2' });
  deps = researchContext(test.runtime);
  memberId = (await createTestMember(test.runtime, { displayName: 'Ada Lovelace', headline: 'Staff engineer', companyName: 'Acme' })).memberId;
});
afterAll(async () => {
  await test.cleanup();
  await search.close();
});
beforeEach(() => {
  searchQueries = [];
  searchAnswer = searxngResults;
});

const newRequest = (keyword = 'platform engineering') => test.runtime.db.researchRequest.create({ data: { memberId, keyword } });
const ideasOf = (researchRequestId: string) => test.runtime.db.idea.findMany({ where: { researchRequestId }, orderBy: { createdAt: 'asc' } });
describe('research worker', () => {
  it('searches the keyword, stores ideas with source research and one idea.created event, and completes the request', async () => {
    const request = await newRequest();
    await researchKeyword(deps, request.id, { final: false });

    expect(searchQueries).toHaveLength(1);
    expect(searchQueries[0]!.get('q')).toBe('platform engineering');
    expect(searchQueries[0]!.get('format')).toBe('json');

    const ideas = await ideasOf(request.id);
    expect(ideas).toHaveLength(5);
    expect(ideas.every((idea) => idea.source === 'research' && idea.status === 'new' && idea.memberId === memberId)).toBe(true);
    expect(ideas[0]!.title).toContain('Platform teams cut onboarding time');
    expect(ideas[0]!.angle).toContain('New engineers shipped in 4 days instead of 3 weeks (source: example.com)');
    expect(ideas[1]!.title).toContain('The hidden cost of internal platforms');

    const events = await test.runtime.db.outboxEvent.findMany({ where: { memberId, type: 'idea.created' } });
    const mine = events.filter((event) => (event.payload as { ideas: { id: string }[] }).ideas.some((idea) => idea.id === ideas[0]!.id));
    expect(mine).toHaveLength(1);
    expect((mine[0]!.payload as { ideas: { id: string; source: string }[] }).ideas.map((idea) => idea.id).sort()).toEqual(ideas.map((idea) => idea.id).sort());

    const stored = await test.runtime.db.researchRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored.status).toBe('completed');
    expect(stored.completedAt).not.toBeNull();
  });

  it('stores only what fits under the member’s idea cap and says so on the request', async () => {
    const capped = await createTestMember(test.runtime);
    await test.runtime.db.idea.createMany({ data: Array.from({ length: 998 }, (_, index) => ({ memberId: capped.memberId, title: `Idea ${index}`, source: 'manual' as const })) });
    const request = await test.runtime.db.researchRequest.create({ data: { memberId: capped.memberId, keyword: 'platform engineering' } });
    await researchKeyword(deps, request.id, { final: false });
    expect(await test.runtime.db.idea.count({ where: { memberId: capped.memberId } })).toBe(1_000);
    const stored = await test.runtime.db.researchRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored.status).toBe('completed');
    expect(stored.lastError).toMatch(/3 ideas not stored: a member keeps at most 1000/);
  });

  it('does nothing on a second run of a completed request (a retry or a duplicate job)', async () => {
    const request = await newRequest('developer experience');
    await researchKeyword(deps, request.id, { final: false });
    const before = await test.runtime.db.outboxEvent.count({ where: { memberId } });
    await expect(researchKeyword(deps, request.id, { final: false })).resolves.toBe('already completed');
    expect(await ideasOf(request.id)).toHaveLength(5);
    expect(await test.runtime.db.outboxEvent.count({ where: { memberId } })).toBe(before);
  });

  it('creates the ideas once when two runs of the same request race', async () => {
    const request = await newRequest('internal tooling');
    const before = await test.runtime.db.outboxEvent.count({ where: { memberId } });
    const outcomes = await Promise.all([researchKeyword(deps, request.id, { final: false }), researchKeyword(deps, request.id, { final: false })]);
    expect(outcomes).toContain('already completed');
    expect(await ideasOf(request.id)).toHaveLength(5);
    expect(await test.runtime.db.outboxEvent.count({ where: { memberId } })).toBe(before + 1);
  });

  it('leaves the request open for a retry when search fails, and records the failure on the last attempt', async () => {
    searchAnswer = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    };
    const request = await newRequest('observability');
    await expect(researchKeyword(deps, request.id, { final: false })).rejects.toThrow(/search/);
    expect((await test.runtime.db.researchRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('running');
    await expect(researchKeyword(deps, request.id, { final: true })).rejects.toThrow(/search/);
    const failed = await test.runtime.db.researchRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/502/);
    expect(await ideasOf(request.id)).toHaveLength(0);

    // A later run (a manual retry) that succeeds completes it after all.
    searchAnswer = searxngResults;
    await researchKeyword(deps, request.id, { final: false });
    expect(await ideasOf(request.id)).toHaveLength(5);
  });

  it('runs as a BullMQ worker: an enqueued job (enqueued twice) produces one set of ideas', async () => {
    const service: RunningService = await startResearchService(test.runtime);
    try {
      const request = await newRequest('code review');
      await enqueue(test.runtime.queues, 'research-keyword', { researchRequestId: request.id });
      await enqueue(test.runtime.queues, 'research-keyword', { researchRequestId: request.id });
      await waitFor(async () => (await test.runtime.db.researchRequest.findUniqueOrThrow({ where: { id: request.id } })).status === 'completed', {
        what: 'the research request to complete',
      });
      expect(await ideasOf(request.id)).toHaveLength(5);
    } finally {
      await service.stop();
    }
  });
});
