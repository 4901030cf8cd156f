import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { memberApi, request } from '../api/client.js';
import type { Page, Post } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed } from '../components/notice.js';
import { Time } from '../components/time.js';
import { useTitle } from '../components/use-title.js';
import { TemplateSelect } from '../studio/template-select.js';
import { useAction } from '../studio/use-action.js';
import '../studio/studio.css';
import { excerpt } from './post-text.js';

/**
 * /compose — a new post from an idea (a template and web research optional): the writer drafts it
 * and the editor opens on it. `?idea=` fills the idea in (the ideas page links here with one).
 * Below, the drafts already waiting, each a link to its editor.
 */
export default function ComposePage() {
  useTitle('Compose');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [idea, setIdea] = useState(() => params.get('idea') ?? '');
  const [template, setTemplate] = useState('');
  const [research, setResearch] = useState(false);
  const write = useAction();
  const ideaId = useId();
  const templateId = useId();
  const researchId = useId();
  const drafts = useResource('drafts', (signal) => request<Page<Post>>(memberApi('/posts?status=draft_saved&limit=10'), { signal }));
  const ideaError = write.error?.forField('idea');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write.run(async () => {
      const answer = await request<{ post: Post }>(memberApi('/posts'), {
        method: 'POST',
        body: { idea: idea.trim(), ...(research ? { research: true } : {}), ...(template ? { template_id: template } : {}) },
      });
      void navigate(`/posts/${answer.post.id}/edit`);
    });
  };

  return (
    <>
      <PageHeading>Compose</PageHeading>
      <p className="lead">Give the writer an idea: it drafts the post, then you edit it beside the preview of how LinkedIn will show it.</p>
      <form className="card compose-form" onSubmit={submit} noValidate>
        <h2>From an idea</h2>
        <div className="field">
          <label htmlFor={ideaId}>Idea</label>
          <textarea
            id={ideaId}
            rows={4}
            maxLength={2000}
            required
            value={idea}
            aria-invalid={ideaError ? true : undefined}
            aria-describedby={ideaError ? `${ideaId}-error` : `${ideaId}-hint`}
            onChange={(event) => setIdea(event.target.value)}
          />
          <p className="hint" id={`${ideaId}-hint`}>
            A sentence or two: what the post should say, for whom. At most 2,000 characters.
          </p>
          <ErrorNote id={`${ideaId}-error`} error={ideaError} />
        </div>
        <div className="field">
          <label htmlFor={templateId}>Template</label>
          <TemplateSelect id={templateId} value={template} onChange={setTemplate} />
        </div>
        <div className="choice">
          <input id={researchId} type="checkbox" checked={research} onChange={(event) => setResearch(event.target.checked)} />
          <label htmlFor={researchId}>Research the idea on the web first</label>
          <p className="hint">Slower: the writer reads what it finds before drafting.</p>
        </div>
        <div className="row-actions">
          <button type="submit" className="button primary" disabled={write.busy}>
            Write the post
          </button>
        </div>
        {write.busy ? (
          <p className="loading" role="status">
            Writing the post…
          </p>
        ) : null}
        {write.error && !ideaError ? <ErrorNote error={write.error} /> : null}
      </form>

      <section aria-labelledby="drafts-heading" className="card">
        <h2 id="drafts-heading">From a draft</h2>
        {drafts.error ? <LoadFailed error={drafts.error} what="Your drafts" retry={drafts.reload} /> : null}
        {drafts.data && drafts.data.data.length === 0 ? <p className="empty">No drafts waiting.</p> : null}
        {drafts.data && drafts.data.data.length > 0 ? (
          <>
            <ul className="post-list" aria-label="Drafts, newest first">
              {drafts.data.data.map((post) => (
                <li key={post.id} className="post-row">
                  <div className="post-row-main">
                    <Link to={`/posts/${post.id}/edit`} className="post-link">
                      Edit “{excerpt(post.body ?? post.idea, 80)}”
                    </Link>
                    <p className="post-meta">
                      Created <Time value={post.created_at} />
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            {drafts.data.page.has_more ? <Link to="/posts?status=draft_saved">All drafts</Link> : null}
          </>
        ) : null}
      </section>
    </>
  );
}
