import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, dashboardApi, request } from '../api/client.js';
import type { ApiKeyInfo, KeyScope } from '../api/types.js';
import { CopyButton } from '../components/copy-button.js';
import { Dialog } from '../components/dialog.js';
import { ErrorNote } from '../components/notice.js';
import { SCOPES } from './key-scopes.js';

const EXPIRIES: { value: string; label: string; days: number | null }[] = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In a year', days: 365 },
];

interface CreateKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a key was made (the list reloads); the key itself stays in this dialog only. */
  onCreated: (key: ApiKeyInfo) => void;
  defaultName?: string;
  /** Shown under the key once it exists: how to use it (the curl line, an MCP configuration). */
  usage?: (apiKey: string) => ReactNode;
}

/**
 * Make a key: a name, what it may do, when it ends. The answer carries the key once; it is
 * shown here as text with a copy button and a warning, and forgotten when the dialog closes.
 */
export function CreateKeyDialog({ open, onClose, onCreated, defaultName = '', usage }: CreateKeyDialogProps) {
  const [name, setName] = useState(defaultName);
  const [scope, setScope] = useState<KeyScope>('full');
  const [expiry, setExpiry] = useState('never');
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ key: ApiKeyInfo; api_key: string }>();
  const nameId = useId();
  const nameError = useId();
  const expiryId = useId();
  const warningId = useId();

  const close = () => {
    setCreated(undefined);
    setError(undefined);
    setName(defaultName);
    setScope('full');
    setExpiry('never');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const days = EXPIRIES.find((entry) => entry.value === expiry)?.days ?? null;
    try {
      const answer = await request<{ key: ApiKeyInfo; api_key: string }>(dashboardApi('/keys'), {
        method: 'POST',
        body: { name: name.trim(), scope, ...(days ? { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() } : {}) },
      });
      setCreated(answer);
      onCreated(answer.key);
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
        title="Your new API key"
        onClose={close}
        describedBy={warningId}
        footer={
          <button type="button" className="button primary" onClick={close}>
            Done
          </button>
        }
      >
        <p id={warningId} className="note warning">
          Copy this key now. It is shown only this once: lps keeps only a hash of it and cannot show it again.
        </p>
        <label htmlFor={`${nameId}-key`}>API key “{created.key.name}”</label>
        <input id={`${nameId}-key`} className="secret" readOnly autoFocus value={created.api_key} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={created.api_key} label="Copy API key" />
        {usage ? usage(created.api_key) : null}
      </Dialog>
    );
  }

  const fieldError = error?.forField('name');
  return (
    <Dialog
      open={open}
      title="Create API key"
      onClose={close}
      footer={
        <>
          <button type="button" className="button secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" form={`${nameId}-form`} className="button primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create API key'}
          </button>
        </>
      }
    >
      <form id={`${nameId}-form`} onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            value={name}
            maxLength={100}
            required
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? nameError : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <ErrorNote error={fieldError} id={nameError} />
          <p className="hint">Say where it is used, e.g. “Zapier” or “my laptop”.</p>
        </div>
        <fieldset className="field">
          <legend>Access</legend>
          {SCOPES.map((entry) => (
            <div className="choice" key={entry.value}>
              <input
                type="radio"
                id={`${nameId}-${entry.value}`}
                name="scope"
                value={entry.value}
                checked={scope === entry.value}
                onChange={() => setScope(entry.value)}
                aria-describedby={`${nameId}-${entry.value}-hint`}
              />
              <label htmlFor={`${nameId}-${entry.value}`}>{entry.label}</label>
              <p className="hint" id={`${nameId}-${entry.value}-hint`}>
                {entry.description}
              </p>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={expiryId}>Expires</label>
          <select id={expiryId} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            {EXPIRIES.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        {error && !fieldError ? <ErrorNote error={error} /> : null}
      </form>
    </Dialog>
  );
}
