import { useId, useState, type FormEvent } from 'react';
import { memberApi, request } from '../api/client.js';
import type { Poll, Post } from '../api/types.js';
import { ErrorNote, StatusNote } from '../components/notice.js';
import { useAction } from './use-action.js';

const DURATIONS = [1, 3, 7, 14] as const;
const blank = (): Poll => ({ question: '', options: ['', ''], duration_days: 7 });

/**
 * A poll under the text (decision 0033): a question, 2–4 options, how long it takes votes.
 * "Add poll" opens the form, "Save poll" sends it, "Remove poll" takes it off. A post with
 * images, a document or a video cannot have one: the API says why, and that is shown here.
 */
export function PollPanel({ post, onPost, locked }: { post: Post; onPost: (post: Post) => void; locked: boolean }) {
  const saved = post.poll ?? null;
  const savedKey = JSON.stringify(saved);
  // An edit belongs to the poll it started from: a reload that changes nothing keeps it.
  const [draft, setDraft] = useState<{ base: string; poll: Poll }>();
  const editing = draft !== undefined && draft.base === savedKey;
  const poll = editing ? draft.poll : (saved ?? blank());
  const action = useAction();
  const [done, setDone] = useState<string>();
  const questionId = useId();
  const durationId = useId();
  const field = (name: string) => action.error?.forField(name);
  const optionsError = action.error ? Object.entries(action.error.details).find(([key]) => key.startsWith('poll.options'))?.[1] : undefined;

  const change = (next: Poll) => setDraft({ base: savedKey, poll: next });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}`), {
        method: 'PATCH',
        body: { poll: { question: poll.question, options: poll.options, duration_days: poll.duration_days } },
      });
      setDraft(undefined);
      setDone('The poll is saved: it goes out under the text.');
      onPost(answer.post);
    });
  };

  const remove = () =>
    void action.run(async () => {
      const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}`), { method: 'PATCH', body: { poll: null } });
      setDraft(undefined);
      setDone('The poll is removed.');
      onPost(answer.post);
    });

  const open = saved !== null || editing;
  return (
    <section aria-labelledby="poll-heading" className="card editor-section">
      <h2 id="poll-heading">Poll</h2>
      {!open ? (
        <>
          <p className="hint">Ask your readers to vote. A poll replaces images, a document, a video and the link card.</p>
          <button type="button" className="button secondary" disabled={locked} onClick={() => change(blank())}>
            Add poll
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={questionId}>Question</label>
            <input
              id={questionId}
              value={poll.question}
              maxLength={140}
              disabled={locked}
              aria-invalid={field('poll.question') ? true : undefined}
              aria-describedby={field('poll.question') ? `${questionId}-error` : undefined}
              onChange={(event) => change({ ...poll, question: event.target.value })}
            />
            <ErrorNote id={`${questionId}-error`} error={field('poll.question')} />
          </div>
          <fieldset className="field">
            <legend>Options (2 to 4)</legend>
            {poll.options.map((option, index) => (
              <div key={index} className="poll-option">
                <label htmlFor={`${questionId}-option-${index}`}>Option {index + 1}</label>
                <input
                  id={`${questionId}-option-${index}`}
                  value={option}
                  maxLength={30}
                  disabled={locked}
                  aria-invalid={field(`poll.options.${index}`) ? true : undefined}
                  onChange={(event) => change({ ...poll, options: poll.options.map((other, at) => (at === index ? event.target.value : other)) })}
                />
                {poll.options.length > 2 ? (
                  <button
                    type="button"
                    className="button secondary small"
                    disabled={locked}
                    onClick={() => change({ ...poll, options: poll.options.filter((_, at) => at !== index) })}
                  >
                    Remove<span className="visually-hidden"> option {index + 1}</span>
                  </button>
                ) : null}
              </div>
            ))}
            {poll.options.length < 4 ? (
              <button type="button" className="button secondary small" disabled={locked} onClick={() => change({ ...poll, options: [...poll.options, ''] })}>
                Add an option
              </button>
            ) : null}
            <ErrorNote error={optionsError} />
          </fieldset>
          <div className="field">
            <label htmlFor={durationId}>Open for</label>
            <select id={durationId} value={poll.duration_days} disabled={locked} onChange={(event) => change({ ...poll, duration_days: Number(event.target.value) })}>
              {DURATIONS.map((days) => (
                <option key={days} value={days}>
                  {days === 1 ? '1 day' : days === 7 ? '1 week' : days === 14 ? '2 weeks' : `${days} days`}
                </option>
              ))}
            </select>
          </div>
          <div className="row-actions">
            <button type="submit" className="button primary" disabled={action.busy || locked || (!editing && saved !== null)}>
              Save poll
            </button>
            {saved ? (
              <button type="button" className="button danger" onClick={remove} disabled={action.busy || locked}>
                Remove poll
              </button>
            ) : (
              <button type="button" className="button secondary" onClick={() => setDraft(undefined)} disabled={action.busy}>
                Remove poll
              </button>
            )}
          </div>
        </form>
      )}
      {action.error && !field('poll.question') && !optionsError ? <ErrorNote error={action.error} /> : null}
      {done ? <StatusNote>{done}</StatusNote> : null}
    </section>
  );
}
