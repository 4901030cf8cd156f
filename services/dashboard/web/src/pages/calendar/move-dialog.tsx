import { useId, useState, type FormEvent } from 'react';
import { ApiError, memberApi, request } from '../../api/client.js';
import type { CalendarEntry, SlotInstant } from '../../api/plan-types.js';
import { useResource } from '../../api/use-resource.js';
import { Dialog } from '../../components/dialog.js';
import { ErrorNote, Loading } from '../../components/notice.js';
import { formatInZone, instantAt, isPlainDate, splitLocal } from '../../time/zoned.js';

const SLOT_DAYS = 28;

interface MoveDialogProps {
  entry: CalendarEntry | null;
  zone: string;
  onClose: () => void;
  /** Called with the new instant once the server accepted it. */
  move: (entry: CalendarEntry, at: Date) => Promise<void>;
}

/** The keyboard's way to do what dragging does: pick a free slot, or a day and a time in the member's zone. */
export function MoveDialog({ entry, zone, onClose, move }: MoveDialogProps) {
  const formId = useId();
  const title = entry ? `Move “${entry.title || 'Untitled post'}”` : 'Move';
  return (
    <Dialog
      open={entry !== null}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="submit" form={formId} className="button primary">
            Move post
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      {entry ? <MoveForm key={entry.post_id} formId={formId} entry={entry} zone={zone} move={move} /> : null}
    </Dialog>
  );
}

function MoveForm({ formId, entry, zone, move }: { formId: string; entry: CalendarEntry; zone: string; move: MoveDialogProps['move'] }) {
  const current = splitLocal(entry.local);
  const [mode, setMode] = useState<'time' | 'slot'>('time');
  const [date, setDate] = useState(current.date);
  const [time, setTime] = useState(current.time);
  const [slotAt, setSlotAt] = useState<string>('');
  const [error, setError] = useState<ApiError | string>();
  const [busy, setBusy] = useState(false);
  const [span] = useState(() => {
    const from = new Date();
    return { from: from.toISOString(), to: new Date(from.getTime() + SLOT_DAYS * 86_400_000).toISOString() };
  });
  const slots = useResource(mode === 'slot' ? `slots:${span.from}` : null, (signal) =>
    request<{ data: SlotInstant[] }>(memberApi(`/schedule/slots?${new URLSearchParams(span).toString()}`), { signal }),
  );
  const ids = { mode: useId(), date: useId(), time: useId(), when: useId(), error: useId(), slots: useId() };
  const free = slots.data?.data.filter((slot) => slot.post_id === null) ?? [];
  const chosen = mode === 'time' && isPlainDate(date) && /^\d{2}:\d{2}$/.test(time) ? instantAt(date, time, zone) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const at = mode === 'slot' ? (slotAt ? new Date(slotAt) : null) : chosen;
    if (!at) {
      setError(mode === 'slot' ? 'Choose a free slot.' : 'Enter a day and a time.');
      return;
    }
    setBusy(true);
    try {
      await move(entry, at);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = error instanceof ApiError ? (error.forField('scheduled_at') ?? error.message) : error;
  return (
    <form id={formId} onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <p className="hint">
        Now {formatInZone(entry.at, zone, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })} ({zone}).
      </p>
      <fieldset className="field">
        <legend>Move it to</legend>
        <label className="choice">
          <input type="radio" name={ids.mode} checked={mode === 'time'} onChange={() => setMode('time')} />
          <span>A day and time</span>
        </label>
        <label className="choice">
          <input type="radio" name={ids.mode} checked={mode === 'slot'} onChange={() => setMode('slot')} />
          <span>A free slot of the posting schedule</span>
        </label>
      </fieldset>
      {mode === 'time' ? (
        <fieldset className="field move-when" aria-describedby={`${ids.when}${fieldError ? ` ${ids.error}` : ''}`}>
          <legend>Day and time in {zone}</legend>
          <div className="move-when-fields">
            <span className="field">
              <label htmlFor={ids.date}>Day</label>
              <input id={ids.date} type="date" value={date} required aria-invalid={fieldError ? true : undefined} onChange={(event) => setDate(event.target.value)} />
            </span>
            <span className="field">
              <label htmlFor={ids.time}>Time</label>
              <input id={ids.time} type="time" value={time} required aria-invalid={fieldError ? true : undefined} onChange={(event) => setTime(event.target.value)} />
            </span>
          </div>
          <p className="hint" id={ids.when}>
            {chosen ? `That is ${chosen.toISOString().slice(0, 16).replace('T', ' ')} UTC.` : 'Enter a day and a time.'}
          </p>
        </fieldset>
      ) : (
        <fieldset className="field" aria-describedby={fieldError ? ids.error : undefined}>
          <legend>Free slots in the next {SLOT_DAYS} days</legend>
          {slots.error ? <ErrorNote error={slots.error} /> : null}
          {slots.loading ? <Loading what="the free slots" /> : null}
          {slots.data && free.length === 0 ? <p className="empty">No free slot in the next {SLOT_DAYS} days. Add times on the schedule page, or pick a day and time.</p> : null}
          <div className="slot-choices">
            {free.map((slot) => (
              <label key={slot.at} className="choice">
                <input type="radio" name={ids.slots} value={slot.at} checked={slotAt === slot.at} onChange={() => setSlotAt(slot.at)} />
                <span>{formatInZone(slot.at, zone, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <ErrorNote error={fieldError} id={ids.error} />
    </form>
  );
}
