import { useId, useState, type FormEvent } from 'react';
import { ApiError, memberApi, request } from '../../api/client.js';
import type { PostingSchedule, ScheduleSlot } from '../../api/plan-types.js';
import { ErrorNote, StatusNote } from '../../components/notice.js';
import { DAY_LABELS, DAY_NAMES, type DayName } from '../../time/zoned.js';

const WEEKDAYS: DayName[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const MAX_SLOTS = 50;

interface Row {
  id: number;
  day: DayName;
  time: string;
}

interface Rows {
  rows: Row[];
  next: number;
}

const rowsOf = (slots: ScheduleSlot[]): Rows => ({ rows: slots.map((slot, index) => ({ id: index, day: slot.day, time: slot.time })), next: slots.length });

/** The rows in the order the request sends them (Monday first), so that an error on `slots.N` finds its field. */
const ordered = (rows: Row[]): Row[] => DAY_NAMES.flatMap((day) => rows.filter((row) => row.day === day));

/** The posting schedule (`PUT /schedule`): wall times per weekday, in the member's zone. */
export function ScheduleForm({ schedule, zone }: { schedule: PostingSchedule; zone: string }) {
  const [state, setState] = useState<Rows>(() => rowsOf(schedule.slots));
  const [weekdayTime, setWeekdayTime] = useState('09:00');
  const [error, setError] = useState<ApiError | string>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { heading: useId(), error: useId(), weekday: useId(), prefix: useId() };
  const sent = ordered(state.rows);

  const update = (change: (rows: Row[], next: number) => Rows) => {
    setSaved(undefined);
    setState((current) => change(current.rows, current.next));
  };
  const add = (day: DayName) => update((rows, next) => ({ rows: [...rows, { id: next, day, time: '' }], next: next + 1 }));
  const remove = (id: number) => update((rows, next) => ({ rows: rows.filter((row) => row.id !== id), next }));
  const setTime = (id: number, time: string) => update((rows, next) => ({ rows: rows.map((row) => (row.id === id ? { ...row, time } : row)), next }));
  const everyWeekday = () => update((_rows, next) => ({ rows: WEEKDAYS.map((day, index) => ({ id: next + index, day, time: weekdayTime })), next: next + WEEKDAYS.length }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSaved(undefined);
    if (sent.some((row) => !/^\d{2}:\d{2}$/.test(row.time))) {
      setError('Every time needs an hour and minutes (or remove it).');
      return;
    }
    setBusy(true);
    try {
      const answer = await request<{ schedule: PostingSchedule }>(memberApi('/schedule'), { method: 'PUT', body: { slots: sent.map(({ day, time }) => ({ day, time })) } });
      setState(rowsOf(answer.schedule.slots));
      const count = answer.schedule.slots.length;
      setSaved(
        count === 0
          ? 'Saved: the schedule is empty, so nothing can be added to the queue.'
          : `Saved: ${count} time${count === 1 ? '' : 's'} a week, in ${answer.schedule.time_zone}.`,
      );
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : String(failure));
    } finally {
      setBusy(false);
    }
  };

  /** The server's words for one row (`slots.3.time`), found by its place in the request. */
  const rowError = (row: Row): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const index = sent.findIndex((candidate) => candidate.id === row.id);
    return error.forField(`slots.${index}.time`) ?? error.forField(`slots.${index}.day`) ?? error.forField(`slots.${index}`);
  };
  const rowErrors = state.rows.some((row) => rowError(row) !== undefined);
  const formError = typeof error === 'string' ? error : error && !rowErrors ? (error.forField('slots') ?? error.message) : undefined;

  return (
    <section className="card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Posting schedule</h2>
      <p className="hint">
        Wall times in {zone}. “Add to queue” takes the earliest free one at least two minutes ahead; the calendar shows the free ones. At most {MAX_SLOTS}.
      </p>
      <div className="field quick-weekdays">
        <label htmlFor={ids.weekday}>Every weekday at</label>
        <div className="row-actions">
          <input id={ids.weekday} type="time" value={weekdayTime} onChange={(event) => setWeekdayTime(event.target.value)} />
          <button type="button" className="button secondary" onClick={everyWeekday} disabled={!/^\d{2}:\d{2}$/.test(weekdayTime)}>
            Use only this time, Monday to Friday
          </button>
        </div>
      </div>
      <form onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
        <div className="schedule-days">
          {DAY_NAMES.map((day) => {
            const rows = state.rows.filter((row) => row.day === day);
            return (
              <fieldset key={day} className="schedule-day">
                <legend>{DAY_LABELS[day]}</legend>
                {rows.length === 0 ? <p className="hint">No time</p> : null}
                <ul className="schedule-times">
                  {rows.map((row, index) => {
                    const message = rowError(row);
                    const inputId = `${ids.prefix}-${row.id}`;
                    return (
                      <li key={row.id}>
                        <label className="visually-hidden" htmlFor={inputId}>
                          {DAY_LABELS[day]}, time {index + 1}
                        </label>
                        <input
                          id={inputId}
                          type="time"
                          value={row.time}
                          onChange={(event) => setTime(row.id, event.target.value)}
                          aria-invalid={message ? true : undefined}
                          aria-describedby={message ? `${inputId}-error` : undefined}
                        />
                        <button type="button" className="button secondary small" onClick={() => remove(row.id)}>
                          Remove
                          <span className="visually-hidden">
                            {' '}
                            {DAY_LABELS[day]} {row.time || `time ${index + 1}`}
                          </span>
                        </button>
                        <ErrorNote error={message} id={`${inputId}-error`} />
                      </li>
                    );
                  })}
                </ul>
                <button type="button" className="link-button" onClick={() => add(day)} disabled={state.rows.length >= MAX_SLOTS}>
                  Add a time<span className="visually-hidden"> on {DAY_LABELS[day]}</span>
                </button>
              </fieldset>
            );
          })}
        </div>
        <ErrorNote error={formError} id={ids.error} />
        {saved ? <StatusNote>{saved}</StatusNote> : null}
        <button type="submit" className="button primary" disabled={busy}>
          Save posting schedule
        </button>
      </form>
    </section>
  );
}
