/** A repository function: its client first, then the caller's arguments. */
type ClientFunction<C> = (client: C, ...args: never[]) => unknown;

/**
 * `fn(client, ...args)` as `fn(...args)`: the caller no longer chooses, or knows, the client.
 * Prisma's own promise types (`PrismaPromise`, a fluent `Prisma__PostClient`) are plain
 * promises here, so an in-memory function (a test's) is a repository function too.
 */
export type Bound<F> = F extends (client: never, ...args: infer A) => infer R ? (...args: A) => R extends PromiseLike<infer V> ? Promise<V> : R : never;

export type BoundTo<M> = { [K in keyof M]: Bound<M[K]> };

/** Binds every function of `functions` to `client`, under the same names. */
export function bindClient<C, M extends Record<string, ClientFunction<C>>>(client: C, functions: M): BoundTo<M> {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(functions)) bound[name] = (...args: never[]) => fn(client, ...args);
  return bound as BoundTo<M>;
}
