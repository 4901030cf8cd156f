/** The repository functions `R`, bound; nothing at all (no `repos`) when a use case names none. */
type ReposPart<Repos, R extends keyof Repos> = [R] extends [never] ? unknown : { repos: Pick<Repos, R> };

/**
 * What one use case uses of its process's context `C` (decision 0025): the repository functions
 * `R` and the other parts `O`, nothing else — so its signature says what it touches, a caller
 * must hold a superset (tsc checks it), and a test hands it those alone, in memory. Each
 * process binds it once to its own context: `type Needs<R, O> = NeedsOf<ImageContext, R, O>`.
 */
export type NeedsOf<C extends { repos: object }, R extends keyof C['repos'] = never, O extends Exclude<keyof C, 'repos'> = never> = ReposPart<C['repos'], R> & Pick<C, O>;
