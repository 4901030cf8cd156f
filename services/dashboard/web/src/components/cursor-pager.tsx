import { Link } from 'react-router';

/**
 * "Newest …" and "Older …" for a list read a page at a time through the API's cursor, kept in the
 * address with the list's other parameters (`keep`), so each page of the list has its own URL.
 */
export function CursorPager({
  cursor,
  page,
  noun,
  keep = {},
}: {
  cursor: string | null;
  page: { next_cursor: string | null; has_more: boolean } | undefined;
  noun: string;
  keep?: Record<string, string>;
}) {
  return (
    <div className="pager">
      {cursor ? (
        <Link to={`?${new URLSearchParams(keep).toString()}`} className="button secondary">
          Newest {noun}
        </Link>
      ) : null}
      {page?.has_more && page.next_cursor ? (
        <Link to={`?${new URLSearchParams({ ...keep, cursor: page.next_cursor }).toString()}`} className="button secondary">
          Older {noun}
        </Link>
      ) : null}
    </div>
  );
}
