import { apiPort, createTestMember, createTestPost, createTestRuntime, startServiceProcess, waitFor, type ServiceProcess, type TestMember, type TestRuntime } from '@lps/testing';

const CREATES = 40;
const PUBLISHES = 40;

let test: TestRuntime;
let member: TestMember;
beforeAll(async () => {
  test = await createTestRuntime();
  member = await createTestMember(test.runtime);
});
afterAll(async () => test.cleanup());

const startLps = (): ServiceProcess =>
  startServiceProcess('services/all/dist/main.js', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: test.runtime.config.database.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    LPS_RATE_LIMIT: '100000/60',
    LPS_RATE_LIMIT_GENERATION: '100000/60',
  });

type Outcome = { status: number; body?: string } | { error: string };

describe('SIGTERM under load', () => {
  it('loses no accepted request and no accepted publication', async () => {
    const posts = await Promise.all(Array.from({ length: PUBLISHES }, (_, index) => createTestPost(test.runtime, member.memberId, { idea: `to publish ${index}` })));
    const first = startLps();
    let createOutcomes: Outcome[] = [];
    let publishOutcomes: Outcome[] = [];
    try {
      const base = `http://127.0.0.1:${await apiPort(first)}/api/v1`;
      await first.waitForLine(/^lps started$/);
      const headers = { authorization: member.auth, 'content-type': 'application/json' };
      const send = (path: string, body?: object): Promise<Outcome> =>
        fetch(`${base}${path}`, { method: 'POST', headers, body: body ? JSON.stringify(body) : undefined }).then(
          async (response) => {
            const text = await response.text();
            return response.ok ? { status: response.status } : { status: response.status, body: text.slice(0, 300) };
          },
          (error: Error) => ({ error: error.message }),
        );
      const creates = Array.from({ length: CREATES }, (_, index) => send('/posts', { idea: `created under load ${index}` }));
      const publishes = posts.map((post) => send(`/posts/${post.id}/publish`));
      // Let part of the load be accepted, then stop the process in the middle of it.
      await Promise.race(creates);
      first.child.kill('SIGTERM');
      createOutcomes = await Promise.all(creates);
      publishOutcomes = await Promise.all(publishes);
      expect(await first.exited).toBe(0);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }

    // No accepted request failed half-way: every answer is a success; the rest were refused before being accepted.
    const answered = [...createOutcomes, ...publishOutcomes].filter((o): o is { status: number } => 'status' in o);
    expect(answered.filter((o) => o.status !== 201 && o.status !== 202)).toEqual([]);
    const created201 = createOutcomes.filter((o) => 'status' in o && o.status === 201).length;
    const storedCreates = await test.runtime.db.post.count({ where: { memberId: member.memberId, idea: { startsWith: 'created under load' } } });
    // Every request the server processed was answered, and every answer is backed by a row.
    expect(storedCreates).toBe(created201);

    // Accepted publications survive the stop: a new process finishes every one of them, exactly once.
    const accepted = posts.filter((_, index) => 'status' in (publishOutcomes[index] as Outcome) && (publishOutcomes[index] as { status: number }).status === 202);
    expect(accepted.length).toBeGreaterThan(0);
    expect(created201).toBeGreaterThan(0);
    const second = startLps();
    try {
      await second.waitForLine(/^lps started$/);
      await waitFor(async () => (await test.runtime.db.post.count({ where: { id: { in: accepted.map((p) => p.id) }, status: 'published' } })) === accepted.length, {
        timeoutMs: 60_000,
        what: 'every accepted publication to finish',
      });
      const urns = await test.runtime.db.post.findMany({ where: { id: { in: accepted.map((p) => p.id) } }, select: { networkPostUrn: true } });
      expect(new Set(urns.map((row) => row.networkPostUrn)).size).toBe(accepted.length);
      process.stdout.write(
        `SIGTERM under load: ${created201}/${CREATES} creates and ${accepted.length}/${PUBLISHES} publishes accepted before the stop; ` +
          `${storedCreates} rows for ${created201} answers; ${accepted.length} publications finished after restart\n`,
      );
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});
