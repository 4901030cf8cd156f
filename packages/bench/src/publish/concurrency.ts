/** Runs `task` `count` times with at most `parallel` in flight; returns the results in order. */
export async function runWithConcurrency<T>(count: number, parallel: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, count) }, async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  });
  await Promise.all(lanes);
  return results;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
