import { useState } from 'react';
import { ApiError, memberApi, request } from '../api/client.js';
import type { Delivery, Webhook } from '../api/types.js';
import { Dialog } from '../components/dialog.js';
import { ErrorNote } from '../components/notice.js';

/** "Send test event": a signed `webhook.test` delivery to this endpoint, recorded in its log. */
export function useTestEvent(onSent: (message: string) => void) {
  const [error, setError] = useState<{ id: string; error: ApiError }>();
  const send = async (endpoint: Webhook) => {
    setError(undefined);
    try {
      await request<{ delivery: Delivery }>(memberApi(`/webhooks/${endpoint.id}/test`), { method: 'POST', body: {} });
      onSent(`A test event is on its way to ${endpoint.url}. Its delivery shows in the endpoint’s log.`);
    } catch (failure) {
      setError({ id: endpoint.id, error: failure as ApiError });
    }
  };
  return { send, errorFor: (id: string) => (error?.id === id ? error.error : undefined) };
}

/** Deleting an endpoint, after a confirmation that says what stops. */
export function DeleteWebhookDialog({ endpoint, onClose, onDeleted }: { endpoint: Webhook | undefined; onClose: () => void; onDeleted: (endpoint: Webhook) => void }) {
  const [error, setError] = useState<ApiError>();
  const remove = async () => {
    if (!endpoint) return;
    setError(undefined);
    try {
      await request<void>(memberApi(`/webhooks/${endpoint.id}`), { method: 'DELETE' });
      onDeleted(endpoint);
    } catch (failure) {
      setError(failure as ApiError);
    }
  };
  return (
    <Dialog
      open={endpoint !== undefined}
      role="alertdialog"
      title="Delete this webhook?"
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      footer={
        <>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button danger" onClick={() => void remove()}>
            Delete webhook
          </button>
        </>
      }
    >
      <p>
        <code>{endpoint?.url}</code> gets no more events, and its delivery log goes with it.
      </p>
      <ErrorNote error={error} />
    </Dialog>
  );
}
