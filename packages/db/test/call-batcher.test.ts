import { createCallBatcher, createKeyedBatcher } from '@lps/db';

// The group commit under the publish path and webhook attempts (decisions 0003, 0008):
// what batches together, what waits, and what a failing statement does to its callers.

/** A statement that records each batch and answers when the test lets it. */
function controlledStatement<In, Out>(answer: (inputs: In[]) => Out[]) {
  const batches: In[][] = [];
  const pending: (() => void)[] = [];
  const run = (inputs: In[]) =>
    new Promise<Out[]>((resolve) => {
      batches.push(inputs);
      pending.push(() => resolve(answer(inputs)));
    });
  const finishNext = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { run, batches, finishNext };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('call batcher', () => {
  it('sends a lone call at once, and the calls made while it runs as one next statement', async () => {
    const statement = controlledStatement<number, number>((inputs) => inputs.map((n) => n * 10));
    const call = createCallBatcher(statement.run, { maxBatch: 100, maxInFlight: 1 });
    const first = call(1);
    await settle();
    expect(statement.batches).toEqual([[1]]);
    const rest = [call(2), call(3), call(4)];
    await settle();
    expect(statement.batches).toEqual([[1]]);
    await statement.finishNext();
    expect(statement.batches).toEqual([[1], [2, 3, 4]]);
    await statement.finishNext();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
  });

  it('keeps batches within maxBatch and runs up to maxInFlight statements at once', async () => {
    const statement = controlledStatement<number, number>((inputs) => inputs);
    const call = createCallBatcher(statement.run, { maxBatch: 2, maxInFlight: 2 });
    const calls = [1, 2, 3, 4, 5].map((n) => call(n));
    await settle();
    expect(statement.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await statement.finishNext();
    expect(statement.batches).toEqual([[1, 2], [3, 4], [5]]);
    await statement.finishNext();
    await statement.finishNext();
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects every call of a failed statement and goes on with the next batch', async () => {
    let fail = true;
    const call = createCallBatcher(
      async (inputs: number[]) => {
        if (fail) throw new Error('connection lost');
        return inputs;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const failed = [call(1), call(2)].map((promise) => promise.catch((error: Error) => error.message));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    fail = false;
    expect(await call(3)).toBe(3);
  });
});

describe('keyed batcher', () => {
  it("answers each call with its key's result, null when the statement returned none", async () => {
    const seen: string[][] = [];
    const find = createKeyedBatcher(
      async (ids: string[]) => {
        seen.push(ids);
        return new Map(ids.filter((id) => id !== 'gone').map((id) => [id, `row ${id}`]));
      },
      (id) => id,
      { maxBatch: 10, maxInFlight: 1 },
    );
    expect(await Promise.all([find('a'), find('gone'), find('b')])).toEqual(['row a', null, 'row b']);
    expect(seen).toEqual([['a', 'gone', 'b']]);
  });

  it('sends a repeated key in a following statement, so a conditional write is checked once per call', async () => {
    // Like claimPublications: the first claim of a post wins, a second sees it claimed.
    const claimed = new Set<string>();
    const statements: string[][] = [];
    const claim = createKeyedBatcher(
      async (ids: string[]) => {
        statements.push(ids);
        const won = ids.filter((id) => !claimed.has(id));
        won.forEach((id) => claimed.add(id));
        return new Map(won.map((id) => [id, true]));
      },
      (id) => id,
      { maxBatch: 10, maxInFlight: 1 },
    );
    expect(await Promise.all([claim('p1'), claim('p2'), claim('p1'), claim('p1')])).toEqual([true, true, null, null]);
    expect(statements).toEqual([['p1', 'p2'], ['p1'], ['p1']]);
  });
});
