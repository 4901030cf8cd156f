import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { memberApi, request } from '../api/client.js';
import type { Post } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading } from '../components/notice.js';
import { StatusBadge } from '../components/status-badge.js';
import { Time } from '../components/time.js';
import { useTitle } from '../components/use-title.js';
import { useAction } from '../studio/use-action.js';
import { excerpt } from './post-text.js';

const FORMATS: Record<string, string> = { text: 'Text', image: 'Image', document: 'Document (PDF)', video: 'Video', poll: 'Poll' };

/** One post as it stands: its text, state, times, media and where it is on the network. */
export default function PostPage() {
  const { id = '' } = useParams();
  const post = useResource(id, (signal) => request<{ post: Post }>(memberApi(`/posts/${encodeURIComponent(id)}`), { signal }));
  const value = post.data?.post;
  useTitle(value ? excerpt(value.body ?? value.idea, 50) : 'Post');
  const navigate = useNavigate();
  const copy = useAction();
  const copyHintId = useId();
  // A copy is a new draft with this post's words (not its media): the editor opens on it.
  const duplicate = () =>
    void copy.run(async () => {
      const answer = await request<{ post: Post }>(memberApi(`/posts/${encodeURIComponent(id)}/duplicate`), { method: 'POST' });
      void navigate(`/posts/${answer.post.id}/edit`);
    });

  if (post.error) {
    return (
      <>
        <PageHeading>Post</PageHeading>
        {post.error.status === 404 || post.error.status === 422 ? (
          <p className="note error" role="alert">
            There is no post of yours with this address. <Link to="/posts">Back to your posts</Link>
          </p>
        ) : (
          <LoadFailed error={post.error} what="The post" retry={post.reload} />
        )}
      </>
    );
  }
  if (!value) return <Loading what="the post" />;
  const images = value.images ?? (value.image_url ? [{ image_url: value.image_url, alt_text: null }] : []);
  return (
    <>
      <p className="breadcrumb">
        <Link to="/posts">Posts</Link>
      </p>
      <PageHeading
        actions={
          <>
            {value.status === 'published' ? null : (
              <Link className="button primary" to={`/posts/${value.id}/edit`}>
                Edit post
              </Link>
            )}
            <button type="button" className="button secondary" onClick={duplicate} disabled={copy.busy} aria-describedby={copyHintId}>
              {copy.busy ? 'Duplicating…' : 'Duplicate post'}
            </button>
          </>
        }
      >
        {excerpt(value.body ?? value.idea, 70)}
      </PageHeading>
      <p className="hint" id={copyHintId}>
        Duplicate post makes a new draft with this text, idea, link card and poll; images, documents and video stay with this post.
      </p>
      {copy.error ? <ErrorNote error={copy.error} /> : null}
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={value.status} />
        </dd>
        <dt>Format</dt>
        <dd>{FORMATS[value.format] ?? value.format}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={value.created_at} />
        </dd>
        {value.scheduled_at ? (
          <>
            <dt>Scheduled for</dt>
            <dd>
              <Time value={value.scheduled_at} />
            </dd>
          </>
        ) : null}
        {value.published_at ? (
          <>
            <dt>Published</dt>
            <dd>
              <Time value={value.published_at} />
            </dd>
          </>
        ) : null}
        {value.network_url ? (
          <>
            <dt>On LinkedIn</dt>
            <dd>
              <a href={value.network_url} rel="noopener noreferrer" target="_blank">
                {value.network_url}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        ) : null}
        {value.idea ? (
          <>
            <dt>Idea</dt>
            <dd>{value.idea}</dd>
          </>
        ) : null}
      </dl>
      {value.last_error ? (
        <p className="note error" role="alert">
          The last publication failed: {value.last_error}
        </p>
      ) : null}
      <section aria-labelledby="post-text" className="card">
        <h2 id="post-text">Text</h2>
        <p className="post-body">{value.body ?? 'This post has no text yet.'}</p>
      </section>
      {images.length > 0 ? (
        <section aria-labelledby="post-media" className="card">
          <h2 id="post-media">{value.format === 'document' ? 'Document' : 'Images'}</h2>
          {value.format === 'document' ? (
            <a href={images[0]?.image_url}>Open the document</a>
          ) : (
            <ul className="media-grid">
              {images.map((image) => (
                <li key={image.image_url}>
                  <img src={image.image_url} alt={image.alt_text ?? ''} loading="lazy" />
                  <p className="hint">{image.alt_text ? `Alt text: ${image.alt_text}` : 'No alt text'}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
