import { Link } from 'react-router';
import { memberApi, request } from '../api/client.js';
import type { PublicationFailure } from '../api/types.js';
import { useMemberSettings } from '../api/member-settings.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { LoadFailed, Loading } from '../components/notice.js';
import { StatusBadge } from '../components/status-badge.js';
import { ZonedTime } from '../components/zoned-time.js';
import { useTitle } from '../components/use-title.js';
import { useSignedIn } from '../session.js';
import { SandboxRefusal } from '../studio/sandbox-refusal.js';
import '../studio/studio.css';

/**
 * /failures — the failure inbox: every post whose last publication failed for good and that has
 * not gone out since (GET /publication-failures), newest first, with LinkedIn's reason in words,
 * a link to the post, and "Fix and retry" (the editor with the error shown). A post leaves the
 * inbox once it is published, or queued or scheduled again.
 */
export default function FailuresPage() {
  useTitle('Failures');
  const session = useSignedIn();
  const settings = useMemberSettings();
  const failures = useResource('failures', (signal) => request<{ data: PublicationFailure[] }>(memberApi('/publication-failures'), { signal }));
  const zone = settings.data?.time_zone;
  const error = failures.error ?? settings.error;
  return (
    <>
      <PageHeading>Failures</PageHeading>
      <p className="lead">Posts LinkedIn refused, with its reason. Fix each one and publish or queue it again: it leaves this list when it goes out.</p>
      {error ? (
        <LoadFailed
          error={error}
          what="The failed publications"
          retry={() => {
            failures.reload();
            settings.reload();
          }}
        />
      ) : null}
      {!error && (!failures.data || !zone) ? <Loading what="the failed publications" /> : null}
      {failures.data && zone ? (
        failures.data.data.length === 0 ? (
          <p className="empty">No failed publications: everything you sent went out.</p>
        ) : (
          <ul className="studio-list" aria-label="Failed publications, newest first">
            {failures.data.data.map((failure) => (
              <li key={failure.post_id} className="studio-item">
                <h2>
                  <Link to={`/posts/${failure.post_id}`}>{failure.title || 'Untitled post'}</Link>
                </h2>
                <p className="post-meta">
                  Failed <ZonedTime value={failure.failed_at} zone={zone} /> · now <StatusBadge status={failure.status} />
                  {failure.code ? (
                    <>
                      {' '}
                      · LinkedIn’s code <code>{failure.code}</code>
                    </>
                  ) : null}
                </p>
                <p className="failure-reason">
                  <strong>Why:</strong> {failure.error}
                </p>
                <Link className="button primary small" to={`/posts/${failure.post_id}/edit?fix=1`}>
                  Fix and retry<span className="visually-hidden"> “{failure.title || 'Untitled post'}”</span>
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {session.network === 'sandbox' ? <SandboxRefusal /> : null}
    </>
  );
}
