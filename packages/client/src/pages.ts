/** One page of a cursor-paged list (GET /posts). */
export interface CursorPage<Item> {
  data: Item[];
  page: { next_cursor: string | null; has_more: boolean };
}

/** Every item of every page, in order: the next page is asked for only when the loop gets there. */
export async function* allItems<Item>(fetchPage: (cursor: string | undefined) => Promise<CursorPage<Item>>): AsyncGenerator<Item, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.page.has_more && page.page.next_cursor ? page.page.next_cursor : undefined;
  } while (cursor);
}
