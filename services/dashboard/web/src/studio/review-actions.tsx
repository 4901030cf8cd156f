import { useId, useState } from 'react';
import { memberApi, request } from '../api/client.js';
import type { Post } from '../api/types.js';
import { Dialog } from '../components/dialog.js';
import { ErrorNote } from '../components/notice.js';
import { useAction } from './use-action.js';

interface ReviewActionsProps {
  post: Post;
  /** Names the post in the buttons' accessible names where several posts share a page ("Approve “…”"). */
  name?: string;
  onPost: (post: Post, decision: 'approved' | 'rejected') => void;
  disabled?: boolean;
}

/**
 * Approve, or reject with a note for the writer (decision 0031). Rejecting asks for the note in a
 * dialog; the note is kept on the post (`review_note`) until the next approval.
 */
export function ReviewActions({ post, name, onPost, disabled = false }: ReviewActionsProps) {
  const approve = useAction();
  const reject = useAction();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const suffix = name ? ` “${name}”` : '';
  const canApprove = post.status !== 'approved' && post.status !== 'published';
  const canReject = post.status !== 'rejected' && post.status !== 'published';

  const sendReject = () =>
    void reject.run(async () => {
      const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}/reject`), { method: 'POST', body: note.trim() ? { note: note.trim() } : {} });
      setRejecting(false);
      setNote('');
      onPost(answer.post, 'rejected');
    });

  return (
    <>
      <div className="row-actions">
        <button
          type="button"
          className="button primary"
          disabled={!canApprove || approve.busy || disabled}
          onClick={() =>
            void approve.run(async () => {
              const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}/approve`), { method: 'POST' });
              onPost(answer.post, 'approved');
            })
          }
        >
          Approve<span className="visually-hidden">{suffix}</span>
        </button>
        <button type="button" className="button danger" disabled={!canReject || disabled} onClick={() => setRejecting(true)}>
          Reject<span className="visually-hidden">{suffix}</span>
        </button>
      </div>
      <ErrorNote error={approve.error} />
      <Dialog
        open={rejecting}
        title={name ? `Reject “${name}”?` : 'Reject this post?'}
        onClose={() => {
          setRejecting(false);
          reject.clear();
        }}
        footer={
          <>
            <button type="button" className="button secondary" onClick={() => setRejecting(false)}>
              Cancel
            </button>
            <button type="button" className="button danger" disabled={reject.busy} onClick={sendReject}>
              Reject post
            </button>
          </>
        }
      >
        <p>The post goes back to its writer with your note; it cannot be queued or published until it is approved.</p>
        <div className="field">
          <label htmlFor={noteId}>Note for the writer (optional)</label>
          <textarea
            id={noteId}
            rows={4}
            maxLength={1000}
            value={note}
            aria-invalid={reject.error?.forField('note') ? true : undefined}
            aria-describedby={reject.error ? `${noteId}-error` : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          <ErrorNote id={`${noteId}-error`} error={reject.error} />
        </div>
      </Dialog>
    </>
  );
}
