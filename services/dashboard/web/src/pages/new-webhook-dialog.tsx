import { useId, useState, type FormEvent } from 'react';
import { ApiError, memberApi, request } from '../api/client.js';
import type { Webhook } from '../api/types.js';
import { CopyButton } from '../components/copy-button.js';
import { Dialog } from '../components/dialog.js';
import { ErrorNote } from '../components/notice.js';
import { WEBHOOK_EVENTS } from './webhook-events.js';

/** Register an endpoint; its signing secret is shown once, like a key. */
export function NewWebhookDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (endpoint: Webhook) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['post.published', 'post.publish_failed']);
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ endpoint: Webhook; secret: string }>();
  const id = useId();

  const close = () => {
    setCreated(undefined);
    setError(undefined);
    setUrl('');
    onClose();
  };

  const toggle = (name: string, on: boolean) => setEvents((current) => (on ? [...current, name] : current.filter((event) => event !== name)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await request<{ endpoint: Webhook; secret: string }>(memberApi('/webhooks'), { method: 'POST', body: { url: url.trim(), events } });
      setCreated(answer);
      onCreated(answer.endpoint);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Dialog
        open={open}
        title="Webhook created"
        onClose={close}
        describedBy={`${id}-warning`}
        footer={
          <button type="button" className="button primary" onClick={close}>
            Done
          </button>
        }
      >
        <p id={`${id}-warning`} className="note warning">
          Copy the signing secret now: it is shown only this once. Your receiver checks each delivery’s <code>X-LPS-Signature</code> with it.
        </p>
        <label htmlFor={`${id}-secret`}>Signing secret for {created.endpoint.url}</label>
        <input id={`${id}-secret`} className="secret" readOnly autoFocus value={created.secret} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={created.secret} label="Copy signing secret" />
      </Dialog>
    );
  }

  const urlError = error?.forField('url');
  const eventsError = error?.forField('events');
  return (
    <Dialog
      open={open}
      title="New webhook"
      onClose={close}
      footer={
        <>
          <button type="button" className="button secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="button primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create webhook'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-url`}>Endpoint URL</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            required
            placeholder="https://example.com/lps-events"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${id}-url-error` : `${id}-url-hint`}
            onChange={(event) => setUrl(event.target.value)}
          />
          <p className="hint" id={`${id}-url-hint`}>
            An https (or http) address that answers 2xx to a POST.
          </p>
          <ErrorNote error={urlError} id={`${id}-url-error`} />
        </div>
        <fieldset className="field" aria-describedby={eventsError ? `${id}-events-error` : undefined}>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((entry) => (
            <div className="choice" key={entry.name}>
              <input type="checkbox" id={`${id}-${entry.name}`} checked={events.includes(entry.name)} onChange={(event) => toggle(entry.name, event.target.checked)} />
              <label htmlFor={`${id}-${entry.name}`}>
                <code>{entry.name}</code> — {entry.description}
              </label>
            </div>
          ))}
          <ErrorNote error={eventsError} id={`${id}-events-error`} />
        </fieldset>
        {error && !urlError && !eventsError ? <ErrorNote error={error} /> : null}
      </form>
    </Dialog>
  );
}
