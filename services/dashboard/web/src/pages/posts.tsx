import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { memberApi, request } from '../api/client.js';
import { POST_STATUSES, type Page, type Post, type PostStatus } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { CursorPager } from '../components/cursor-pager.js';
import { LoadFailed, Loading } from '../components/notice.js';
import { STATUS_LABELS, StatusBadge } from '../components/status-badge.js';
import { Time } from '../components/time.js';
import { useTitle } from '../components/use-title.js';
import { excerpt } from './post-text.js';

const PAGE_SIZE = 20;

/** The moment that matters for a post's state: when it went out, when it will, or when it was written. */
function PostTime({ post }: { post: Post }) {
  if (post.published_at)
    return (
      <>
        Published <Time value={post.published_at} />
      </>
    );
  if (post.status === 'scheduled' && post.scheduled_at)
    return (
      <>
        Scheduled for <Time value={post.scheduled_at} />
      </>
    );
  return (
    <>
      Created <Time value={post.created_at} />
    </>
  );
}

/** The member's posts, newest first, by status, a page at a time through the API's cursor (kept in the address). */
export default function PostsPage() {
  useTitle('Posts');
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as PostStatus | '';
  const cursor = params.get('cursor');
  const filterId = useId();
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) });
  const posts = useResource(query.toString(), (signal) => request<Page<Post>>(memberApi(`/posts?${query.toString()}`), { signal }));

  const choose = (next: string) => setParams(next ? { status: next } : {});
  return (
    <>
      <PageHeading>Posts</PageHeading>
      <div className="toolbar">
        <label htmlFor={filterId}>Status</label>
        <select id={filterId} value={status} onChange={(event) => choose(event.target.value)}>
          <option value="">All posts</option>
          {POST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {posts.error ? <LoadFailed error={posts.error} what="Your posts" retry={posts.reload} /> : null}
      {posts.loading && !posts.data ? <Loading what="your posts" /> : null}
      {posts.data && posts.data.data.length === 0 ? (
        <p className="empty">{status ? `No posts are ${STATUS_LABELS[status].toLowerCase()}.` : 'No posts yet. Posts you write through the API, MCP or the studio appear here.'}</p>
      ) : null}
      {posts.data && posts.data.data.length > 0 ? (
        <ul className="post-list" aria-label="Posts, newest first">
          {posts.data.data.map((post) => (
            <li key={post.id} className="post-row">
              <div className="post-row-main">
                <Link to={`/posts/${post.id}`} className="post-link">
                  {excerpt(post.body ?? post.idea)}
                </Link>
                <p className="post-meta">
                  <StatusBadge status={post.status} /> <PostTime post={post} />
                </p>
              </div>
              {post.status === 'published' ? null : (
                <Link className="button secondary small" to={`/posts/${post.id}/edit`}>
                  Edit<span className="visually-hidden"> “{excerpt(post.body ?? post.idea, 40)}”</span>
                </Link>
              )}
              {post.network_url ? (
                <a className="external" href={post.network_url} rel="noopener noreferrer" target="_blank">
                  View on LinkedIn<span className="visually-hidden"> (opens in a new tab): {excerpt(post.body, 40)}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <CursorPager cursor={cursor} page={posts.data?.page} noun="posts" keep={status ? { status } : {}} />
    </>
  );
}
