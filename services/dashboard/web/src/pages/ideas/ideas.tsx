import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, memberApi, request } from '../../api/client.js';
import { useLiveEvents } from '../../api/live-events.js';
import { useMemberSettings } from '../../api/member-settings.js';
import type { Idea, IdeaStatus } from '../../api/plan-types.js';
import type { Post } from '../../api/types.js';
import { useResource } from '../../api/use-resource.js';
import { PageHeading } from '../../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../../components/notice.js';
import { useTitle } from '../../components/use-title.js';
import { IdeaItem } from './idea-item.js';
import { ResearchForm } from './research-form.js';
import './ideas.css';

const TABS: { status: IdeaStatus; label: string; empty: string }[] = [
  { status: 'new', label: 'New', empty: 'No new ideas. Generate some, or research a keyword.' },
  { status: 'used', label: 'Used', empty: 'No idea has been made into a post yet.' },
  { status: 'dismissed', label: 'Dismissed', empty: 'No dismissed ideas.' },
];

/** The member's ideas by state: generate, research a keyword, edit in place, make a post, dismiss and restore. */
export default function IdeasPage() {
  useTitle('Ideas');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status: IdeaStatus = TABS.find((tab) => tab.status === params.get('status'))?.status ?? 'new';
  const tab = TABS.find((candidate) => candidate.status === status) ?? TABS[0]!;
  const ideas = useResource(status, (signal) => request<{ data: Idea[] }>(memberApi(`/ideas?status=${status}`), { signal }));
  const settings = useMemberSettings();
  const zone = settings.data?.time_zone;
  const [generating, setGenerating] = useState(false);
  const [generateError, setGenerateError] = useState<ApiError>();
  const [said, setSaid] = useState<string>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { reload } = ideas;
  useLiveEvents(['idea.created'], reload);

  const generate = async () => {
    setGenerating(true);
    setGenerateError(undefined);
    setSaid(undefined);
    try {
      const answer = await request<{ ideas: Idea[] }>(memberApi('/ideas/generate'), { method: 'POST' });
      const count = answer.ideas.length;
      setSaid(count === 0 ? 'No new ideas this time: the writer found nothing it had not suggested already.' : `${count} new idea${count === 1 ? '' : 's'}, listed under New.`);
      if (status === 'new') reload();
      else void navigate('?status=new');
    } catch (failure) {
      setGenerateError(failure as ApiError);
    } finally {
      setGenerating(false);
    }
  };

  /** After an idea left this list (dismissed, restored): say so and put the focus on the list's heading. */
  const left = (message: string) => {
    setSaid(message);
    reload();
    listHeading.current?.focus();
  };

  const makePost = async (idea: Idea) => {
    const answer = await request<{ post: Post }>(memberApi(`/ideas/${idea.id}/create-post`), { method: 'POST' });
    void navigate(`/posts/${answer.post.id}/edit`);
  };

  return (
    <>
      <PageHeading
        actions={
          <button type="button" className="button primary" onClick={() => void generate()} disabled={generating}>
            {generating ? 'Generating ideas…' : 'Generate ideas'}
          </button>
        }
      >
        Ideas
      </PageHeading>
      <ErrorNote error={generateError ? `No ideas were generated: ${generateError.message}` : undefined} />
      <ResearchForm onIdeas={reload} />
      <nav className="tabs" aria-label="Ideas by state">
        {TABS.map((candidate) => (
          <Link key={candidate.status} to={`?status=${candidate.status}`} aria-current={candidate.status === status ? 'page' : undefined}>
            {candidate.label}
          </Link>
        ))}
      </nav>
      <h2 id={headingId} ref={listHeading} tabIndex={-1} className="visually-hidden">
        {tab.label} ideas
      </h2>
      {said ? <StatusNote>{said}</StatusNote> : null}
      {ideas.error ? <LoadFailed error={ideas.error} what="Your ideas" retry={reload} /> : null}
      {settings.error ? <LoadFailed error={settings.error} what="Your settings" retry={settings.reload} /> : null}
      {(ideas.loading && !ideas.data) || (!zone && !settings.error) ? <Loading what="your ideas" /> : null}
      {ideas.data && ideas.data.data.length === 0 ? <p className="empty">{tab.empty}</p> : null}
      {ideas.data && zone && ideas.data.data.length > 0 ? (
        <ul className="idea-list" aria-labelledby={headingId}>
          {ideas.data.data.map((idea) => (
            <IdeaItem key={idea.id} idea={idea} zone={zone} onChanged={reload} onLeft={left} makePost={makePost} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
