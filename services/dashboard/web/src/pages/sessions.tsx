import { useState } from 'react';
import { ApiError, dashboardApi, request } from '../api/client.js';
import type { SessionRow } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { Time } from '../components/time.js';
import { TableWrap } from '../components/table-wrap.js';
import { useTitle } from '../components/use-title.js';

const METHODS: Record<string, string> = { linkedin: 'Sign in with LinkedIn', sandbox: 'Sandbox sign-in', link: 'One-time link' };

/** A short name for a browser from its user agent, enough to tell one's devices apart. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

/** Where the member is signed in; any other session can be signed out from here. */
export default function SessionsPage() {
  useTitle('Sessions');
  const sessions = useResource('sessions', (signal) => request<{ data: SessionRow[] }>(dashboardApi('/sessions'), { signal }));
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<ApiError>();

  const end = async (row: SessionRow) => {
    setError(undefined);
    try {
      await request<void>(dashboardApi(`/sessions/${row.id}`), { method: 'DELETE' });
      setStatus(`${deviceName(row.user_agent)} is signed out.`);
      sessions.reload();
    } catch (failure) {
      setError(failure as ApiError);
    }
  };

  const endOthers = async () => {
    setError(undefined);
    try {
      const answer = await request<{ ended: number }>(dashboardApi('/sessions/end-others'), { method: 'POST', body: {} });
      setStatus(answer.ended === 0 ? 'There were no other sessions.' : `${answer.ended} other session${answer.ended === 1 ? '' : 's'} signed out.`);
      sessions.reload();
    } catch (failure) {
      setError(failure as ApiError);
    }
  };

  const others = sessions.data?.data.filter((row) => !row.current).length ?? 0;
  return (
    <>
      <PageHeading
        actions={
          others > 0 ? (
            <button type="button" className="button danger" onClick={() => void endOthers()}>
              Sign out all other sessions
            </button>
          ) : undefined
        }
      >
        Sessions
      </PageHeading>
      <p className="lead">Browsers signed in to your dashboard. Sign out any you do not recognise.</p>
      {status ? <StatusNote>{status}</StatusNote> : null}
      <ErrorNote error={error} />
      {sessions.error ? <LoadFailed error={sessions.error} what="Your sessions" retry={sessions.reload} /> : null}
      {sessions.loading && !sessions.data ? <Loading what="your sessions" /> : null}
      {sessions.data ? (
        <TableWrap label="Your sessions">
          <table>
            <caption className="visually-hidden">Your sessions</caption>
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Signed in</th>
                <th scope="col">How</th>
                <th scope="col">Last active</th>
                <th scope="col">Ends</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.data.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {deviceName(row.user_agent)}
                    {row.current ? <span className="badge badge-current"> This browser</span> : null}
                  </th>
                  <td>
                    <Time value={row.created_at} />
                  </td>
                  <td>{METHODS[row.method] ?? row.method}</td>
                  <td>
                    <Time value={row.last_seen_at} />
                  </td>
                  <td>
                    <Time value={row.expires_at} />
                  </td>
                  <td>
                    {row.current ? null : (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={`Sign out ${deviceName(row.user_agent)}, signed in ${new Date(row.created_at).toLocaleString()}`}
                        onClick={() => void end(row)}
                      >
                        Sign out
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </>
  );
}
