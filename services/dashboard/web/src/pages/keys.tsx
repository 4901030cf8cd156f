import { useState } from 'react';
import { ApiError, dashboardApi, request } from '../api/client.js';
import type { ApiKeyInfo } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { CodeBlock } from '../components/code-block.js';
import { Dialog } from '../components/dialog.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { Time } from '../components/time.js';
import { TableWrap } from '../components/table-wrap.js';
import { useTitle } from '../components/use-title.js';
import { useSignedIn } from '../session.js';
import { CreateKeyDialog } from './create-key-dialog.js';
import { scopeLabel } from './key-scopes.js';

function keyState(key: ApiKeyInfo, now: number): string {
  if (key.revoked_at) return 'Revoked';
  if (key.expires_at && new Date(key.expires_at).getTime() <= now) return 'Expired';
  return 'Active';
}

/** The spec's settings area for developer access: the member's API keys. */
export default function KeysPage() {
  useTitle('API keys');
  const session = useSignedIn();
  const keys = useResource('keys', (signal) => request<{ data: ApiKeyInfo[] }>(dashboardApi('/keys'), { signal }));
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyInfo>();
  const [revokeError, setRevokeError] = useState<ApiError>();
  const [status, setStatus] = useState<string>();
  const [now] = useState(() => Date.now());

  const revoke = async () => {
    if (!revoking) return;
    setRevokeError(undefined);
    try {
      await request<void>(dashboardApi(`/keys/${revoking.id}`), { method: 'DELETE' });
      setStatus(`“${revoking.name}” is revoked. Requests with it answer 401 within ${session.key_cache_seconds} seconds.`);
      setRevoking(undefined);
      keys.reload();
    } catch (failure) {
      setRevokeError(failure as ApiError);
    }
  };

  return (
    <>
      <PageHeading
        actions={
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            Create API key
          </button>
        }
      >
        API keys
      </PageHeading>
      <p className="lead">
        Keys let your programs and integrations use the lps API for you at <code>{session.api_base_url}</code>. Each key is shown once, when it is made.
      </p>
      {status ? <StatusNote>{status}</StatusNote> : null}
      {keys.error ? <LoadFailed error={keys.error} what="Your API keys" retry={keys.reload} /> : null}
      {keys.loading && !keys.data ? <Loading what="your API keys" /> : null}
      {keys.data && keys.data.data.length === 0 ? <p className="empty">No API keys yet.</p> : null}
      {keys.data && keys.data.data.length > 0 ? (
        <TableWrap label="Your API keys">
          <table>
            <caption className="visually-hidden">Your API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Access</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((key) => {
                const state = keyState(key, now);
                return (
                  <tr key={key.id}>
                    <th scope="row">{key.name}</th>
                    <td>
                      <code>lps_…{key.last4}</code>
                    </td>
                    <td>{scopeLabel(key.scope)}</td>
                    <td>
                      <Time value={key.created_at} />
                    </td>
                    <td>
                      <Time value={key.last_used_at} empty="Never" />
                    </td>
                    <td>
                      <Time value={key.expires_at} empty="Never" />
                    </td>
                    <td>{state}</td>
                    <td>
                      {state === 'Active' ? (
                        <button type="button" className="button danger small" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                          Revoke
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => keys.reload()}
        usage={(apiKey) => (
          <>
            <p>Try it:</p>
            <CodeBlock label="A curl command with the new key">{`curl -H "Authorization: Bearer ${apiKey}" ${session.api_base_url}/me`}</CodeBlock>
          </>
        )}
      />
      <Dialog
        open={revoking !== undefined}
        role="alertdialog"
        title={`Revoke “${revoking?.name ?? ''}”?`}
        onClose={() => {
          setRevoking(undefined);
          setRevokeError(undefined);
        }}
        footer={
          <>
            <button type="button" className="button secondary" onClick={() => setRevoking(undefined)}>
              Cancel
            </button>
            <button type="button" className="button danger" onClick={() => void revoke()}>
              Revoke key
            </button>
          </>
        }
      >
        <p>
          Programs using <code>lps_…{revoking?.last4}</code> stop working within {session.key_cache_seconds} seconds. This cannot be undone.
        </p>
        <ErrorNote error={revokeError} />
      </Dialog>
    </>
  );
}
