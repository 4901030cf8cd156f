import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, memberApi, request } from '../../api/client.js';
import { useLiveEvents } from '../../api/live-events.js';
import type { Research, ResearchAccepted } from '../../api/plan-types.js';
import { ErrorNote } from '../../components/notice.js';

const POLL_MS = 1_500;

type Progress = { keyword: string; id: string | null; research?: Research } | null;

const STEPS: Record<Research['status'], string> = {
  pending: 'waiting for the research worker',
  running: 'reading what the web says about it',
  completed: 'done',
  failed: 'failed',
};

/**
 * Research a keyword: the run is followed (`GET /ideas/research/{id}`, and `idea.created` as it
 * lands) until its ideas arrive, and the list is read again then.
 */
export function ResearchForm({ onIdeas }: { onIdeas: () => void }) {
  const [keyword, setKeyword] = useState('');
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const ids = { heading: useId(), keyword: useId(), error: useId(), hint: useId() };
  const runId = progress?.id ?? null;
  const finished = progress?.research?.status === 'completed' || progress?.research?.status === 'failed';

  useEffect(() => {
    if (!runId || finished) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await request<{ research: Research }>(memberApi(`/ideas/research/${runId}`), { signal: controller.signal });
        setProgress((current) => (current?.id === runId ? { ...current, research: answer.research } : current));
        if (answer.research.status === 'completed') onIdeas();
        if (answer.research.status === 'completed' || answer.research.status === 'failed') return;
      } catch (failure) {
        if (controller.signal.aborted) return;
        setError(failure as ApiError);
        return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [runId, finished, onIdeas]);

  // A server that does not say which run it started: the ideas' own event says they arrived.
  useLiveEvents(['idea.created'], () => {
    if (progress && !progress.id && !progress.research) {
      setProgress({ ...progress, research: { id: '', keyword: progress.keyword, status: 'completed', error: null, idea_ids: [] } });
      onIdeas();
    }
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const answer = await request<ResearchAccepted>(memberApi('/ideas/research'), { method: 'POST', body: { keyword: keyword.trim() } });
      setProgress({ keyword: keyword.trim(), id: answer.research_id ?? null });
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };

  const research = progress?.research;
  let said = '';
  if (progress && !research) said = `Researching “${progress.keyword}”: started.`;
  else if (progress && research?.status === 'completed') {
    const count = research.idea_ids.length;
    said = progress.id
      ? `Research on “${progress.keyword}” is done: ${count} new idea${count === 1 ? '' : 's'}, listed under New.`
      : `Research on “${progress.keyword}” is done: its ideas are listed under New.`;
  } else if (progress && research && research.status !== 'failed') said = `Researching “${progress.keyword}”: ${STEPS[research.status]}…`;
  const failed = research?.status === 'failed' ? `Research on “${progress?.keyword ?? ''}” failed: ${research.error ?? 'no reason given'}` : undefined;
  const fieldError = error?.forField('keyword') ?? error?.message;
  const running = progress !== null && !finished;

  return (
    <section className="card research" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Research a keyword</h2>
      <form onSubmit={(event) => void submit(event)} className="field">
        <label htmlFor={ids.keyword}>Keyword</label>
        <div className="research-row">
          <input
            id={ids.keyword}
            type="text"
            value={keyword}
            maxLength={200}
            required
            onChange={(event) => setKeyword(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${ids.hint}${fieldError ? ` ${ids.error}` : ''}`}
          />
          <button type="submit" className="button secondary" disabled={busy || running}>
            Research
          </button>
        </div>
        <p className="hint" id={ids.hint}>
          lps reads what is being said about it and suggests ideas from it, in the background.
        </p>
        <ErrorNote error={fieldError} id={ids.error} />
      </form>
      <div role="status" className="research-progress">
        {said ? (
          <>
            <p>{said}</p>
            {running ? <progress aria-label={`Research on “${progress.keyword}”`} /> : null}
          </>
        ) : null}
      </div>
      <ErrorNote error={failed} />
    </section>
  );
}
