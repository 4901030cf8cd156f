import type { Post, PostColumns } from '@lps/db';

// The posts table in memory, with the row locks of decision 0027: use-case tests run post writes
// side by side on it and see them take turns, without PostgreSQL. `transaction` gives the
// functions a locked write uses (lockPost, updatePostColumns, the dropped-file records,
// createImageRequest); what a transaction writes is kept only if it ends without throwing.

export interface CommittedWrite {
  id: string;
  set: PostColumns;
}

export interface InMemoryPosts {
  /** The committed rows, by id. */
  rows: Map<string, Post>;
  /** Each post's dropped files (decision 0027). */
  dropped: Map<string, Set<string>>;
  /** Every committed write, in commit order. */
  writes: CommittedWrite[];
  /** The most transactions that held one post's row at the same moment: 1 when writes take turns. */
  mostHoldersOfOnePost(): number;
  /** Transactions that had to wait for a row another one held. */
  waited(): number;
  repos: ReturnType<typeof reposOver>;
}

const copy = (post: Post): Post => structuredClone(post);
/** A round trip to the database: other requests run meanwhile, so transactions overlap as they would. */
const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

function reposOver(state: { rows: Map<string, Post>; dropped: Map<string, Set<string>>; writes: CommittedWrite[] }, locks: RowLocks) {
  const droppedOf = (postId: string) => state.dropped.get(postId) ?? new Set<string>();
  let requests = 0;
  return {
    readOwnedPost: async (memberId: string, id: string): Promise<Post | null> => {
      const post = state.rows.get(id);
      return post && post.memberId === memberId ? copy(post) : null;
    },
    findPostById: async (id: string): Promise<Post | null> => {
      const post = state.rows.get(id);
      return post ? copy(post) : null;
    },
    droppedFilesStartingWith: async (postId: string, prefix: string): Promise<string[]> => [...droppedOf(postId)].filter((key) => key.startsWith(prefix)),
    async transaction<T>(work: (tx: never) => Promise<T>): Promise<T> {
      const held: Array<() => void> = [];
      const pending = new Map<string, Post>();
      const newlyDropped: Array<[string, string]> = [];
      const writes: CommittedWrite[] = [];
      const current = (id: string) => pending.get(id) ?? state.rows.get(id);
      const tx = {
        lockPost: async (id: string, memberId?: string): Promise<Post | null> => {
          held.push(await locks.take(id));
          await roundTrip();
          const post = current(id);
          return post && (!memberId || post.memberId === memberId) ? copy(post) : null;
        },
        findPostById: async (id: string) => {
          const post = current(id);
          return post ? copy(post) : null;
        },
        updatePostColumns: async (id: string, set: PostColumns): Promise<Post> => {
          const post = current(id);
          if (!post) throw new Error(`no post ${id} to update`);
          await roundTrip();
          const updated = { ...copy(post), ...structuredClone(set), updatedAt: new Date() };
          pending.set(id, updated);
          writes.push({ id, set });
          return copy(updated);
        },
        droppedFilesAmong: async (postId: string, keys: string[]) => keys.filter((key) => droppedOf(postId).has(key) || newlyDropped.some(([id, k]) => id === postId && k === key)),
        recordDroppedFiles: async (postId: string, keys: string[]) => void newlyDropped.push(...keys.map((key): [string, string] => [postId, key])),
        createImageRequest: async (data: { postId: string; memberId: string; scene: string | null }) => ({ id: `image-request-${(requests += 1)}`, ...data }),
      };
      try {
        const result = await work(tx as never);
        for (const [id, post] of pending) state.rows.set(id, post);
        for (const [postId, key] of newlyDropped) state.dropped.set(postId, droppedOf(postId).add(key));
        state.writes.push(...writes);
        return result;
      } finally {
        for (const release of held) release();
      }
    },
  };
}

/** One FIFO lock per row, as PostgreSQL queues the writers of one row (`SELECT … FOR NO KEY UPDATE`). */
class RowLocks {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly holders = new Map<string, number>();
  most = 0;
  waits = 0;

  async take(id: string): Promise<() => void> {
    const previous = this.tails.get(id) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(
      id,
      previous.then(() => mine),
    );
    if ((this.holders.get(id) ?? 0) > 0) this.waits += 1;
    await previous;
    const holding = (this.holders.get(id) ?? 0) + 1;
    this.holders.set(id, holding);
    this.most = Math.max(this.most, holding);
    return () => {
      this.holders.set(id, (this.holders.get(id) ?? 1) - 1);
      release();
    };
  }
}

/** The posts table in memory, holding `posts`. */
export function inMemoryPosts(...posts: Post[]): InMemoryPosts {
  const state = { rows: new Map(posts.map((post) => [post.id, copy(post)])), dropped: new Map<string, Set<string>>(), writes: [] as CommittedWrite[] };
  const locks = new RowLocks();
  return { ...state, mostHoldersOfOnePost: () => locks.most, waited: () => locks.waits, repos: reposOver(state, locks) };
}
