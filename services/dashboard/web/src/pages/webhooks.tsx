import { useState } from 'react';
import { Link } from 'react-router';
import { memberApi, request } from '../api/client.js';
import type { Webhook } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { useTitle } from '../components/use-title.js';
import { EndpointHealth } from './delivery-health.js';
import { NewWebhookDialog } from './new-webhook-dialog.js';
import { DeleteWebhookDialog, useTestEvent } from './webhook-actions.js';

/** The member's webhook endpoints with their health, and what can be done with each. */
export default function WebhooksPage() {
  useTitle('Webhooks');
  const endpoints = useResource('webhooks', (signal) => request<{ data: Webhook[] }>(memberApi('/webhooks'), { signal }));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Webhook>();
  const [status, setStatus] = useState<string>();
  const test = useTestEvent((message) => {
    setStatus(message);
    endpoints.reload();
  });

  return (
    <>
      <PageHeading
        actions={
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            New webhook
          </button>
        }
      >
        Webhooks
      </PageHeading>
      <p className="lead">lps sends signed events to your endpoints as posts are published, fail or get images, and as ideas arrive.</p>
      {status ? <StatusNote>{status}</StatusNote> : null}
      {endpoints.error ? <LoadFailed error={endpoints.error} what="Your webhooks" retry={endpoints.reload} /> : null}
      {endpoints.loading && !endpoints.data ? <Loading what="your webhooks" /> : null}
      {endpoints.data && endpoints.data.data.length === 0 ? <p className="empty">No webhooks yet.</p> : null}
      {endpoints.data && endpoints.data.data.length > 0 ? (
        <ul className="endpoint-list" aria-label="Webhook endpoints">
          {endpoints.data.data.map((endpoint) => (
            <li key={endpoint.id} className="card endpoint">
              <h2 className="endpoint-url">
                <Link to={`/developer/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
              </h2>
              <p className="endpoint-events">
                {endpoint.events.map((event) => (
                  <code key={event}>{event}</code>
                ))}
              </p>
              <p>
                {endpoint.is_active ? null : <span className="badge badge-failed">Disabled </span>}
                Last delivery: <EndpointHealth last={endpoint.last_delivery} />
              </p>
              <div className="row-actions">
                <Link className="button secondary small" to={`/developer/webhooks/${endpoint.id}`} aria-label={`Deliveries of ${endpoint.url}`}>
                  Deliveries
                </Link>
                <button type="button" className="button secondary small" aria-label={`Send test event to ${endpoint.url}`} onClick={() => void test.send(endpoint)}>
                  Send test event
                </button>
                <button type="button" className="button danger small" aria-label={`Delete ${endpoint.url}`} onClick={() => setDeleting(endpoint)}>
                  Delete
                </button>
              </div>
              <ErrorNote error={test.errorFor(endpoint.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      <NewWebhookDialog open={creating} onClose={() => setCreating(false)} onCreated={() => endpoints.reload()} />
      <DeleteWebhookDialog
        endpoint={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={(endpoint) => {
          setDeleting(undefined);
          setStatus(`${endpoint.url} was deleted.`);
          endpoints.reload();
        }}
      />
    </>
  );
}
