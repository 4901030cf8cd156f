import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { memberApi, request } from '../api/client.js';
import type { Page, Post } from '../api/types.js';
import { useMemberSettings } from '../api/member-settings.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { CursorPager } from '../components/cursor-pager.js';
import { LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { ZonedTime } from '../components/zoned-time.js';
import { useTitle } from '../components/use-title.js';
import { ReviewActions } from '../studio/review-actions.js';
import '../studio/studio.css';
import { excerpt } from './post-text.js';

const PAGE_SIZE = 25;

/**
 * /review — the posts waiting for approval (drafts, newest first) with Approve and Reject (with a
 * note), as on each post's editor. With approval off the page says so: nothing waits then.
 */
export default function ReviewPage() {
  useTitle('Review');
  const [params] = useSearchParams();
  const cursor = params.get('cursor');
  const query = new URLSearchParams({ status: 'draft_saved', limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) }).toString();
  const settings = useMemberSettings();
  const posts = useResource(query, (signal) => request<Page<Post>>(memberApi(`/posts?${query}`), { signal }));
  const [decided, setDecided] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string>();
  const zone = settings.data?.time_zone;
  const waiting = posts.data?.data.filter((post) => !(post.id in decided)) ?? [];

  return (
    <>
      <PageHeading>Review</PageHeading>
      {settings.error ? <LoadFailed error={settings.error} what="Your settings" retry={settings.reload} /> : null}
      {settings.data && !settings.data.approval_required ? (
        <p className="note warning">
          Approval is off: your posts go out without review, so none waits here for a decision. You can still approve or reject the drafts below.{' '}
          <Link to="/settings/schedule">Turn approval on in Schedule &amp; settings</Link>.
        </p>
      ) : (
        <p className="lead">Each post here goes out only once it is approved. A rejection sends it back to its writer with your note.</p>
      )}
      {status ? <StatusNote>{status}</StatusNote> : null}
      {posts.error ? <LoadFailed error={posts.error} what="The posts waiting for review" retry={posts.reload} /> : null}
      {(posts.loading && !posts.data) || !zone ? settings.error ? null : <Loading what="the posts waiting for review" /> : null}
      {posts.data && zone ? (
        waiting.length === 0 ? (
          <p className="empty">Nothing waits for review.</p>
        ) : (
          <ul className="studio-list" aria-label="Posts waiting for review, newest first">
            {waiting.map((post) => {
              const name = excerpt(post.body ?? post.idea, 60);
              return (
                <li key={post.id} className="studio-item">
                  <h2>{excerpt(post.body ?? post.idea, 100)}</h2>
                  <p className="post-meta">
                    Written <ZonedTime value={post.created_at} zone={zone} />
                    {post.review_note ? <> · last note: {post.review_note}</> : null}
                  </p>
                  <p className="post-body">{post.body ?? 'No text yet.'}</p>
                  <p>
                    <Link to={`/posts/${post.id}/edit`}>Open “{name}” in the editor</Link>
                  </p>
                  <ReviewActions
                    post={post}
                    name={name}
                    onPost={(_next, decision) => {
                      setDecided((now) => ({ ...now, [post.id]: decision }));
                      setStatus(
                        decision === 'approved' ? `“${name}” is approved: it may now be queued, scheduled or published.` : `“${name}” is rejected: your note goes back with it.`,
                      );
                    }}
                  />
                </li>
              );
            })}
          </ul>
        )
      ) : null}
      <CursorPager cursor={cursor} page={posts.data?.page} noun="posts" />
    </>
  );
}
