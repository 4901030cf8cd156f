import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, memberApi, request } from '../api/client.js';
import type { Delivery, Page, Webhook } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { CursorPager } from '../components/cursor-pager.js';
import { PageHeading } from '../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { Time } from '../components/time.js';
import { TableWrap } from '../components/table-wrap.js';
import { useTitle } from '../components/use-title.js';
import { deliveryStatusLabel, EndpointHealth, isRedeliverable } from './delivery-health.js';
import { DeleteWebhookDialog, useTestEvent } from './webhook-actions.js';

const PAGE_SIZE = 20;

/** One endpoint and its deliveries log (newest first, paged), with test and redeliver. */
export default function WebhookPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const cursor = params.get('cursor');
  const navigate = useNavigate();
  const endpoint = useResource(id, (signal) => request<Webhook>(memberApi(`/webhooks/${encodeURIComponent(id)}`), { signal }));
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) }).toString();
  const deliveries = useResource(`${id}?${query}`, (signal) => request<Page<Delivery>>(memberApi(`/webhooks/${encodeURIComponent(id)}/deliveries?${query}`), { signal }));
  const [status, setStatus] = useState<string>();
  const [redeliverError, setRedeliverError] = useState<{ id: string; error: ApiError }>();
  const [deleting, setDeleting] = useState(false);
  const test = useTestEvent((message) => {
    setStatus(message);
    deliveries.reload();
  });
  useTitle(endpoint.data ? `Webhook ${endpoint.data.url}` : 'Webhook');

  const redeliver = async (delivery: Delivery) => {
    setRedeliverError(undefined);
    try {
      await request<{ delivery: Delivery }>(memberApi(`/webhooks/${encodeURIComponent(id)}/deliveries/${delivery.id}/redeliver`), { method: 'POST', body: {} });
      setStatus(`The ${delivery.event} delivery is being sent again.`);
      deliveries.reload();
    } catch (failure) {
      setRedeliverError({ id: delivery.id, error: failure as ApiError });
    }
  };

  if (endpoint.error) {
    return (
      <>
        <PageHeading>Webhook</PageHeading>
        {endpoint.error.status === 404 || endpoint.error.status === 422 ? (
          <p className="note error" role="alert">
            There is no webhook of yours with this address. <Link to="/developer/webhooks">Back to your webhooks</Link>
          </p>
        ) : (
          <LoadFailed error={endpoint.error} what="The webhook" retry={endpoint.reload} />
        )}
      </>
    );
  }
  if (!endpoint.data) return <Loading what="the webhook" />;
  const value = endpoint.data;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/developer/webhooks">Webhooks</Link>
      </p>
      <PageHeading
        actions={
          <>
            <button type="button" className="button secondary" onClick={() => void test.send(value)}>
              Send test event
            </button>
            <button type="button" className="button danger" onClick={() => setDeleting(true)}>
              Delete webhook
            </button>
          </>
        }
      >
        <span className="break-anywhere">{value.url}</span>
      </PageHeading>
      <ErrorNote error={test.errorFor(value.id)} />
      {status ? <StatusNote>{status}</StatusNote> : null}
      <dl className="facts">
        <dt>Events</dt>
        <dd>{value.events.join(', ')}</dd>
        <dt>State</dt>
        <dd>{value.is_active ? 'Active' : 'Disabled'}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={value.created_at} />
        </dd>
        <dt>Last delivery</dt>
        <dd>
          <EndpointHealth last={value.last_delivery} />
        </dd>
      </dl>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        {deliveries.error ? <LoadFailed error={deliveries.error} what="The deliveries" retry={deliveries.reload} /> : null}
        {deliveries.loading && !deliveries.data ? <Loading what="the deliveries" /> : null}
        {deliveries.data && deliveries.data.data.length === 0 ? <p className="empty">No deliveries yet. “Send test event” sends one now.</p> : null}
        {deliveries.data && deliveries.data.data.length > 0 ? (
          <TableWrap label={`Deliveries to ${value.url}, newest first`}>
            <table>
              <caption className="visually-hidden">Deliveries to {value.url}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Response</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Time</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.data.map((delivery) => (
                  <tr key={delivery.id}>
                    <th scope="row">
                      <code>{delivery.event}</code>
                    </th>
                    <td>{deliveryStatusLabel(delivery.status)}</td>
                    <td>{delivery.attempts}</td>
                    <td>{delivery.response_code ?? '—'}</td>
                    <td className="break-anywhere">{delivery.last_error ?? '—'}</td>
                    <td>
                      <Time value={delivery.created_at} />
                    </td>
                    <td>
                      {isRedeliverable(delivery) ? (
                        <button
                          type="button"
                          className="button secondary small"
                          aria-label={`Redeliver ${delivery.event} of ${new Date(delivery.created_at).toLocaleString()}`}
                          onClick={() => void redeliver(delivery)}
                        >
                          Redeliver
                        </button>
                      ) : null}
                      <ErrorNote error={redeliverError?.id === delivery.id ? redeliverError.error : undefined} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : null}
        <CursorPager cursor={cursor} page={deliveries.data?.page} noun="deliveries" />
      </section>
      <DeleteWebhookDialog endpoint={deleting ? value : undefined} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/developer/webhooks', { replace: true })} />
    </>
  );
}
