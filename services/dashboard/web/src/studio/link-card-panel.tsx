import { useId, useState } from 'react';
import { memberApi, request } from '../api/client.js';
import type { Post } from '../api/types.js';
import { ErrorNote } from '../components/notice.js';
import { useAction } from './use-action.js';

const STATES = { pending: 'being read', ready: 'read', unavailable: 'could not be read' } as const;

/** The card a link in the text becomes on LinkedIn (decision 0017): on or off. Shown only for a post with a link. */
export function LinkCardPanel({ post, onPost, locked }: { post: Post; onPost: (post: Post) => void; locked: boolean }) {
  const card = post.link_preview;
  const action = useAction();
  const id = useId();
  // The box shows the member's choice at once; the saved one again if saving it failed.
  const [choice, setChoice] = useState<boolean>();
  if (!card) return null;
  const toggle = (enabled: boolean) => {
    setChoice(enabled);
    void action
      .run(async () => {
        const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}`), { method: 'PATCH', body: { link_preview: { enabled } } });
        onPost(answer.post);
      })
      .finally(() => setChoice(undefined));
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="card editor-section">
      <h2 id={`${id}-heading`}>Link card</h2>
      <p className="hint break-anywhere">
        For {card.url}: {STATES[card.status]}
        {card.note ? ` (${card.note})` : ''}.
      </p>
      <div className="choice">
        <input id={id} type="checkbox" checked={choice ?? card.enabled} disabled={action.busy || locked} onChange={(event) => toggle(event.target.checked)} />
        <label htmlFor={id}>Show the link card under the text</label>
      </div>
      <ErrorNote error={action.error} />
    </section>
  );
}
