/**
 * Group commit for hot-path statements: calls made while a statement of the same
 * kind is already running wait for it and then go out together as one statement.
 * An idle process pays no added latency (a lone call goes at once); a busy one
 * sends one statement for many calls, where one round trip per call was its cost
 * (decisions 0003 and 0008).
 */
export interface CallBatcherOptions {
  /** Largest batch per statement. */
  maxBatch: number;
  /** Statements of this kind in flight at once; further calls wait and join the next batch. */
  maxInFlight: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/** `run` answers a batch with one output per input, in order. */
export function createCallBatcher<In, Out>(run: (inputs: In[]) => Promise<Out[]>, options: CallBatcherOptions): (input: In) => Promise<Out> {
  const waiting: Waiting<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    while (waiting.length > 0 && inFlight < options.maxInFlight) {
      const batch = waiting.splice(0, options.maxBatch);
      inFlight += 1;
      run(batch.map((call) => call.input))
        .then(
          (outputs) => batch.forEach((call, i) => call.resolve(outputs[i] as Out)),
          (error: unknown) => batch.forEach((call) => call.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          schedule();
        });
    }
  };
  // After the current microtasks (calls made by one callback join one batch), not a whole
  // event-loop turn later: the caller may be holding something meanwhile (an endpoint's slot, a job's lock).
  const schedule = () => {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    queueMicrotask(flush);
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * A batcher for statements that answer by key (a post id): each call gets its key's
 * output, or null when the statement returned none for it. Repeats of a key within
 * one batch go out in a following statement, so every call sees exactly what it
 * would have seen alone (an UPDATE's condition is checked once per statement).
 */
export function createKeyedBatcher<In, Out>(
  run: (inputs: In[]) => Promise<Map<string, Out>>,
  keyOf: (input: In) => string,
  options: CallBatcherOptions,
): (input: In) => Promise<Out | null> {
  return createCallBatcher<In, Out | null>(async (inputs) => {
    const outputs = new Array<Out | null>(inputs.length).fill(null);
    let pending = inputs.map((input, index) => ({ input, index, key: keyOf(input) }));
    while (pending.length > 0) {
      const keys = new Set<string>();
      const round = pending.filter((call) => !keys.has(call.key) && keys.add(call.key));
      pending = pending.filter((call) => !round.includes(call));
      const found = await run(round.map((call) => call.input));
      for (const call of round) outputs[call.index] = found.get(call.key) ?? null;
    }
    return outputs;
  }, options);
}
