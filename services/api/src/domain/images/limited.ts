/** Runs at most `slots` of the given tasks at once; the rest wait in arrival order. */
export function limitedTo(slots: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so a newcomer can never slip in between.
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
