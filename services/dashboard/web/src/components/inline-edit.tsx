import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../api/client.js';
import { ErrorNote } from './notice.js';

interface InlineEditProps {
  /** The field's name, shown as its label while editing ("Title"). */
  label: string;
  value: string;
  /** Shown (as text) when there is no value. */
  placeholder: string;
  multiline?: boolean;
  maxLength: number;
  /** What the edit is about, for the button's accessible name ("Edit title of …"). */
  subject: string;
  /** The server's field name in an error's details. */
  field: string;
  save: (value: string) => Promise<void>;
}

/**
 * Text that turns into a labelled field when its button is pressed: Enter saves, Escape cancels
 * (Shift+Enter makes a new line in a long text), and focus comes back to the button either way.
 */
export function InlineEdit({ label, value, placeholder, multiline = false, maxLength, subject, field, save }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<ApiError | string>();
  const [busy, setBusy] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const ids = { field: useId(), hint: useId(), error: useId() };

  useEffect(() => {
    if (editing) fieldRef.current?.focus();
    else if (returnFocus) buttonRef.current?.focus();
  }, [editing, returnFocus]);

  const open = () => {
    setDraft(value);
    setError(undefined);
    setReturnFocus(false);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setReturnFocus(true);
    setError(undefined);
  };
  const commit = async () => {
    const next = multiline ? draft.trim() : draft.trim().replace(/\s+/g, ' ');
    if (next === value) return cancel();
    if (!multiline && next === '') return setError(`${label} cannot be empty.`);
    setBusy(true);
    setError(undefined);
    try {
      await save(next);
      setEditing(false);
      setReturnFocus(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.forField(field) ?? failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Inside a dialog the browser would close it too: this Escape belongs to the field.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter' && !(multiline && event.shiftKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void commit();
    }
  };

  if (!editing) {
    return (
      <button ref={buttonRef} type="button" className={`inline-edit-button${value ? '' : ' empty-value'}`} onClick={open}>
        <span className="visually-hidden">
          Edit {label.toLowerCase()} of “{subject}”:{' '}
        </span>
        {value || placeholder}
      </button>
    );
  }
  const message = typeof error === 'string' ? error : error?.message;
  const shared = {
    id: ids.field,
    value: draft,
    maxLength,
    disabled: busy,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onKeyDown,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': `${ids.hint}${message ? ` ${ids.error}` : ''}`,
  } as const;
  return (
    <div className="inline-edit">
      <label htmlFor={ids.field}>{label}</label>
      {multiline ? <textarea ref={fieldRef} rows={3} {...shared} /> : <input ref={fieldRef} type="text" {...shared} />}
      <p className="hint" id={ids.hint}>
        Enter saves, Escape cancels{multiline ? ', Shift+Enter starts a new line' : ''}.
      </p>
      <ErrorNote error={message} id={ids.error} />
      <div className="row-actions">
        <button type="button" className="button primary small" onClick={() => void commit()} disabled={busy}>
          Save {label.toLowerCase()}
        </button>
        <button type="button" className="button secondary small" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
