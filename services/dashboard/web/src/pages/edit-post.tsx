import { useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { memberApi, request } from '../api/client.js';
import type { MemberSettings } from '../api/plan-types.js';
import type { Post } from '../api/types.js';
import { useMemberSettings } from '../api/member-settings.js';
import { useResource } from '../api/use-resource.js';
import { Dialog } from '../components/dialog.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { StatusBadge } from '../components/status-badge.js';
import { useTitle } from '../components/use-title.js';
import { useSignedIn } from '../session.js';
import { LinkCardPanel } from '../studio/link-card-panel.js';
import { MediaPanel } from '../studio/media-panel.js';
import { PollPanel } from '../studio/poll-panel.js';
import { PreviewPanel } from '../studio/preview-panel.js';
import { RegenerateDialog } from '../studio/regenerate-dialog.js';
import { ReviewActions } from '../studio/review-actions.js';
import { useAction } from '../studio/use-action.js';
import { usePostChanges } from '../studio/use-post-changes.js';
import { usePreview } from '../studio/use-preview.js';
import { WhenPanel } from '../studio/when-panel.js';
import '../studio/studio.css';
import { excerpt } from './post-text.js';

interface Publishing {
  /** The post's `last_error` when the publication was asked for: a different one is this publication's failure. */
  lastError: string | null;
  failed: boolean;
}

/** What the preview depends on besides the words: a change of any of them checks the text with the server again. */
const revisionOf = (post: Post) => JSON.stringify([post.images, post.image_url, post.format, post.poll, post.link_preview]);

function Editor({ post, settings, onPost, reload }: { post: Post; settings: MemberSettings; onPost: (post: Post) => void; reload: () => void }) {
  const session = useSignedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const saved = post.body ?? '';
  const [edit, setEdit] = useState<{ base: string; text: string }>();
  const text = edit?.base === saved ? edit.text : saved;
  const dirty = text.trim() !== saved.trim();
  const save = useAction();
  const remove = useAction();
  const [savedNote, setSavedNote] = useState<string>();
  const [regenerating, setRegenerating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [publishing, setPublishing] = useState<Publishing>();
  const [reviewNote, setReviewNote] = useState<string>();
  const textId = useId();
  const counterId = useId();
  const textError = `${textId}-error`;
  const shown = usePreview(post.id, text, revisionOf(post));
  const published = post.status === 'published';
  const publishingNow = publishing !== undefined && !publishing.failed && !published && post.last_error === publishing.lastError;

  usePostChanges(post.id, (type) => {
    if (type === 'post.publish_failed') setPublishing((now) => (now ? { ...now, failed: true } : now));
    reload();
  });

  const saveText = async (): Promise<boolean> => {
    if (!dirty) return true;
    const answer = await save.run(() => request<{ post: Post }>(memberApi(`/posts/${post.id}`), { method: 'PATCH', body: { body: text } }));
    if (!answer) return false;
    setEdit(undefined);
    setSavedNote('The text is saved.');
    onPost(answer.post);
    return true;
  };

  const fixing = params.get('fix') === '1';
  const failed = !published && post.status !== 'scheduled' && post.last_error;
  return (
    <div className="editor-page">
      <p className="breadcrumb">
        <Link to="/posts">Posts</Link> › <Link to={`/posts/${post.id}`}>{excerpt(post.body ?? post.idea, 60)}</Link>
      </p>
      <PageHeading actions={<StatusBadge status={post.status} />}>Edit post</PageHeading>
      {failed ? (
        <div className="note error break-anywhere" role="alert">
          <p>
            <strong>The last publication failed.</strong> LinkedIn’s reason: {post.last_error}
          </p>
          {fixing || publishing?.failed ? <p>Fix what it refused, then publish or queue the post again: once it goes out, it leaves the failure inbox.</p> : null}
          <Link to="/failures">All failed publications</Link>
        </div>
      ) : post.last_error && !published ? (
        <p className="note warning break-anywhere">{post.last_error}</p>
      ) : null}
      {post.review_note && post.status === 'rejected' ? (
        <p className="note warning break-anywhere">
          <strong>Rejected by the reviewer:</strong> {post.review_note}
        </p>
      ) : null}
      {published ? <StatusNote>This post is published: it can no longer be changed here.</StatusNote> : null}

      <div className="editor-grid">
        <section aria-labelledby="text-heading" className="card editor-text">
          <h2 id="text-heading">Text</h2>
          <div className="field">
            <label htmlFor={textId}>Post text</label>
            <textarea
              id={textId}
              className="post-textarea"
              rows={14}
              value={text}
              readOnly={published}
              aria-invalid={save.error ? true : undefined}
              aria-describedby={save.error ? `${counterId} ${textError}` : counterId}
              onChange={(event) => {
                setSavedNote(undefined);
                setEdit({ base: saved, text: event.target.value });
              }}
            />
            <ErrorNote id={textError} error={save.error} />
          </div>
          {published ? null : (
            <div className="row-actions">
              <button type="button" className="button primary" disabled={!dirty || save.busy} onClick={() => void saveText()}>
                Save text
              </button>
              <button type="button" className="button secondary" onClick={() => setRegenerating(true)} disabled={!post.idea}>
                Regenerate
              </button>
            </div>
          )}
          <p className="hint">{dirty ? 'Changes not saved yet: queueing, scheduling or publishing saves them first.' : (savedNote ?? 'All changes saved.')}</p>
        </section>

        <PreviewPanel shown={shown} member={session.member} counterId={counterId} />

        <div className="editor-rest">
          <MediaPanel post={post} onPost={onPost} reload={reload} locked={published || post.status === 'generating_images'} />
          <LinkCardPanel post={post} onPost={onPost} locked={published} />
          <PollPanel post={post} onPost={onPost} locked={published} />
          <WhenPanel
            post={post}
            settings={settings}
            onPost={onPost}
            saveFirst={saveText}
            publishing={publishingNow}
            onPublishing={() => setPublishing({ lastError: post.last_error ?? null, failed: false })}
          />
          {settings.approval_required || post.status === 'rejected' ? (
            <section aria-labelledby="review-heading" className="card editor-section">
              <h2 id="review-heading">Review</h2>
              <p className="hint">
                {settings.approval_required
                  ? 'Approval is required: a post goes out only once it is approved. Any change to an approved post sends it back for review.'
                  : 'This post was rejected. Edit it, or approve it to let it go out.'}
              </p>
              <ReviewActions
                post={post}
                disabled={published}
                onPost={(next, decision) => {
                  setReviewNote(decision === 'approved' ? 'Approved: the post may now be queued, scheduled or published.' : 'Rejected: the note is kept with the post.');
                  onPost(next);
                }}
              />
              {reviewNote ? <StatusNote>{reviewNote}</StatusNote> : null}
            </section>
          ) : null}
          {published ? null : (
            <section aria-labelledby="delete-heading" className="card editor-section">
              <h2 id="delete-heading">Delete</h2>
              <button type="button" className="button danger" onClick={() => setDeleting(true)}>
                Delete post
              </button>
            </section>
          )}
        </div>
      </div>

      <RegenerateDialog
        post={post}
        open={regenerating}
        dirty={dirty}
        onClose={() => setRegenerating(false)}
        onPost={(next) => {
          setEdit(undefined);
          setSavedNote('The text is written again from the idea.');
          onPost(next);
        }}
      />
      <Dialog
        open={deleting}
        role="alertdialog"
        title="Delete this post?"
        onClose={() => {
          setDeleting(false);
          remove.clear();
        }}
        footer={
          <>
            <button type="button" className="button secondary" onClick={() => setDeleting(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button danger"
              disabled={remove.busy}
              onClick={() =>
                void remove.run(async () => {
                  await request<void>(memberApi(`/posts/${post.id}`), { method: 'DELETE' });
                  setDeleting(false);
                  void navigate('/posts');
                })
              }
            >
              Delete post
            </button>
          </>
        }
      >
        <p>
          “{excerpt(post.body ?? post.idea, 80)}” and its images are deleted{post.status === 'scheduled' ? ', and it will not go out' : ''}. This cannot be undone.
        </p>
        <ErrorNote error={remove.error} />
      </Dialog>
    </div>
  );
}

/** /posts/:id/edit — the editor: text beside its preview as LinkedIn will show it, media, poll, when it goes out, review. */
export default function EditPostPage() {
  const { id = '' } = useParams();
  const loaded = useResource(id, (signal) => request<{ post: Post }>(memberApi(`/posts/${encodeURIComponent(id)}`), { signal }));
  const settings = useMemberSettings();
  // A change made on the page shows at once; it belongs to the read it was made on, so the next read replaces it.
  const [changed, setChanged] = useState<{ base: Post | undefined; post: Post }>();
  const base = loaded.data?.post;
  const post = changed && changed.base === base ? changed.post : base;
  useTitle(post ? `Edit: ${excerpt(post.body ?? post.idea, 50)}` : 'Edit post');

  const failure = (post ? undefined : loaded.error) ?? (settings.data ? undefined : settings.error);
  if (failure) {
    return (
      <>
        <PageHeading>Edit post</PageHeading>
        {failure === loaded.error && (failure.status === 404 || failure.status === 422) ? (
          <p className="note error" role="alert">
            There is no post of yours with this address. <Link to="/posts">Back to your posts</Link>
          </p>
        ) : (
          <LoadFailed
            error={failure}
            what={failure === loaded.error ? 'The post' : 'Your settings'}
            retry={() => {
              loaded.reload();
              settings.reload();
            }}
          />
        )}
      </>
    );
  }
  if (!post || !settings.data) return <Loading what="the post" />;
  return <Editor key={post.id} post={post} settings={settings.data} onPost={(next) => setChanged({ base, post: next })} reload={loaded.reload} />;
}
