import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, dashboardApi, memberApi, request } from '../api/client.js';
import type { ConnectionPage, GrantStatus } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { Dialog } from '../components/dialog.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { daysUntil, Time } from '../components/time.js';
import { useTitle } from '../components/use-title.js';
import { useSession } from '../session.js';

/** A grant's state in words: connected until when (days left), or why it ended. */
function GrantLine({ grant, what }: { grant: GrantStatus; what: string }) {
  if (!grant.connected) return <p>{grant.disconnect_reason ? `Not connected: ${grant.disconnect_reason}` : 'Not connected.'}</p>;
  if (!grant.expires_at) return <p>Connected, with no end date.</p>;
  const days = daysUntil(grant.expires_at);
  return (
    <p>
      Connected. {what} ends <Time value={grant.expires_at} /> — <strong>{days <= 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} left`}</strong>.
      {days <= 7 ? ' Reconnect now to keep it working.' : null}
    </p>
  );
}

/** Who the member is connected as on the network, how long that lasts, and the way to renew or end it. */
export default function ConnectionPageView() {
  useTitle('LinkedIn connection');
  const [params] = useSearchParams();
  const { refresh, session } = useSession();
  const page = useResource('connection', (signal) => request<ConnectionPage>(dashboardApi('/connection'), { signal }));
  const [error, setError] = useState<ApiError>();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string>();
  const returned = params.get('lps_connection');

  const reconnect = async () => {
    setError(undefined);
    try {
      const answer = await request<{ authorize_url: string }>(dashboardApi('/connection/reconnect'), { method: 'POST', body: {} });
      window.location.assign(answer.authorize_url);
    } catch (failure) {
      setError(failure as ApiError);
    }
  };

  const disconnect = async () => {
    setError(undefined);
    try {
      await request<void>(memberApi('/me/connection'), { method: 'DELETE' });
      setConfirming(false);
      setStatus('Disconnected. Scheduled posts will not be published until you reconnect.');
      page.reload();
      void refresh();
    } catch (failure) {
      setError(failure as ApiError);
    }
  };

  const value = page.data;
  const connected = value?.connection.share.connected ?? false;
  const networkName = value?.connection.network === 'sandbox' ? 'the sandbox' : 'LinkedIn';
  return (
    <>
      <PageHeading>LinkedIn connection</PageHeading>
      {returned === 'connected' ? <StatusNote>Connected again.</StatusNote> : null}
      {returned === 'failed' ? (
        <p className="note error" role="alert">
          Connecting did not complete{params.get('lps_error') ? ` (${params.get('lps_error')})` : ''}. Nothing changed; try again.
        </p>
      ) : null}
      {status ? <StatusNote>{status}</StatusNote> : null}
      {page.error ? <LoadFailed error={page.error} what="Your connection" retry={page.reload} /> : null}
      {page.loading && !value ? <Loading what="your connection" /> : null}
      {value ? (
        <>
          {value.sandbox ? (
            <section aria-labelledby="sandbox-heading" className="card">
              <h2 id="sandbox-heading">The sandbox</h2>
              <p>{value.sandbox.description}</p>
            </section>
          ) : null}
          <section aria-labelledby="profile-heading" className="card profile">
            <h2 id="profile-heading">{connected ? 'Connected as' : `Your profile on ${networkName}`}</h2>
            {value.profile?.picture_url ? <img className="avatar" src={value.profile.picture_url} alt="" width={64} height={64} /> : null}
            <p className="profile-name">{value.profile?.name ?? session?.member.display_name ?? 'You'}</p>
            {value.connection.share.person_urn ? <p className="hint">{value.connection.share.person_urn}</p> : null}
          </section>
          <section aria-labelledby="posting-heading" className="card">
            <h2 id="posting-heading">Posting</h2>
            <GrantLine grant={value.connection.share} what={`Posting on ${networkName}`} />
            <div className="row-actions">
              <button type="button" className="button primary" onClick={() => void reconnect()}>
                {connected ? 'Reconnect' : 'Connect'}
              </button>
              {connected ? (
                <button type="button" className="button danger" onClick={() => setConfirming(true)}>
                  Disconnect
                </button>
              ) : null}
            </div>
            <ErrorNote error={error} />
          </section>
          <section aria-labelledby="analytics-heading" className="card">
            <h2 id="analytics-heading">Analytics</h2>
            {value.connection.analytics ? (
              <GrantLine grant={value.connection.analytics} what="The analytics grant" />
            ) : (
              <p>
                {value.connection.network === 'sandbox'
                  ? 'The sandbox makes up stable analytics for your posts.'
                  : 'The operator has not configured LinkedIn’s analytics app, so post metrics are not read from LinkedIn.'}
              </p>
            )}
          </section>
        </>
      ) : null}
      <Dialog
        open={confirming}
        role="alertdialog"
        title={`Disconnect from ${networkName}?`}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button danger" onClick={() => void disconnect()}>
              Disconnect
            </button>
          </>
        }
      >
        <p>lps forgets your token. Nothing is published for you until you connect again; your drafts and scheduled posts stay.</p>
        <ErrorNote error={error} />
      </Dialog>
    </>
  );
}
