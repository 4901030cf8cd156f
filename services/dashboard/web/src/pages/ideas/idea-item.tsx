import { useState } from 'react';
import { ApiError, memberApi, request } from '../../api/client.js';
import type { Idea } from '../../api/plan-types.js';
import { InlineEdit } from '../../components/inline-edit.js';
import { ErrorNote } from '../../components/notice.js';
import { formatInZone } from '../../time/zoned.js';

const SOURCES: Record<Idea['source'], string> = { generated: 'Generated', research: 'From research', manual: 'Written by you' };

interface IdeaItemProps {
  idea: Idea;
  /** The member's time zone, for when the idea came. */
  zone: string;
  onChanged: () => void;
  /** The idea left the list shown (dismissed or restored), with the words to say so. */
  onLeft: (message: string) => void;
  makePost: (idea: Idea) => Promise<void>;
}

/** One idea: its title and angle editable in place, where it came from, and what can be done with it. */
export function IdeaItem({ idea, zone, onChanged, onLeft, makePost }: IdeaItemProps) {
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<ApiError>();
  const title = idea.title;

  const patch = async (body: { title?: string; angle?: string }) => {
    await request(memberApi(`/ideas/${idea.id}`), { method: 'PATCH', body });
    onChanged();
  };
  const act = async (what: string, run: () => Promise<void>) => {
    setBusy(what);
    setError(undefined);
    try {
      await run();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : new ApiError(0, 'client_error', String(failure)));
      setBusy(undefined);
    }
  };
  const dismiss = () =>
    act('dismiss', async () => {
      await request(memberApi(`/ideas/${idea.id}/dismiss`), { method: 'POST' });
      onLeft(`Dismissed “${title}”. It is under Dismissed, where it can be restored.`);
    });
  const restore = () =>
    act('restore', async () => {
      const answer = await request<{ idea: Idea }>(memberApi(`/ideas/${idea.id}/restore`), { method: 'POST' });
      onLeft(`Restored “${title}”. It is under ${answer.idea.status === 'used' ? 'Used' : 'New'}.`);
    });

  return (
    <li className="idea card" data-idea-id={idea.id}>
      <div className="idea-title">
        <InlineEdit label="Title" field="title" value={idea.title} placeholder="Untitled idea" maxLength={200} subject={title} save={(value) => patch({ title: value })} />
      </div>
      <div className="idea-angle">
        <InlineEdit
          label="Angle"
          field="angle"
          value={idea.angle ?? ''}
          placeholder="No angle yet: add one"
          multiline
          maxLength={1000}
          subject={title}
          save={(value) => patch({ angle: value })}
        />
      </div>
      <p className="hint">
        {SOURCES[idea.source] ?? idea.source} · <time dateTime={idea.created_at}>{formatInZone(idea.created_at, zone)}</time>
      </p>
      <div className="row-actions">
        {idea.status !== 'dismissed' ? (
          <>
            <button type="button" className="button primary small" disabled={busy !== undefined} onClick={() => void act('post', () => makePost(idea))}>
              {busy === 'post' ? 'Making a post…' : 'Make a post'}
              <span className="visually-hidden"> from “{title}”</span>
            </button>
            <button type="button" className="button secondary small" disabled={busy !== undefined} onClick={() => void dismiss()}>
              Dismiss<span className="visually-hidden"> “{title}”</span>
            </button>
          </>
        ) : (
          <button type="button" className="button secondary small" disabled={busy !== undefined} onClick={() => void restore()}>
            Restore<span className="visually-hidden"> “{title}”</span>
          </button>
        )}
      </div>
      <ErrorNote error={error} />
    </li>
  );
}
