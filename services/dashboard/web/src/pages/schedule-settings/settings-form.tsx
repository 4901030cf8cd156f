import { useId, useState, type FormEvent } from 'react';
import { ApiError, memberApi, request } from '../../api/client.js';
import { rememberSettings } from '../../api/member-settings.js';
import type { MemberSettings } from '../../api/plan-types.js';
import { ErrorNote, StatusNote } from '../../components/notice.js';

/** Every zone this browser knows, with the member's own first if it is missing (a zone newer than the browser). */
function zoneChoices(current: string): string[] {
  const zones = new Set<string>(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** Time zone and approval (`PATCH /settings`), each error next to its field. */
export function SettingsForm({ settings, onSaved }: { settings: MemberSettings; onSaved: () => void }) {
  const [zone, setZone] = useState(settings.time_zone);
  const [approval, setApproval] = useState(settings.approval_required);
  const [error, setError] = useState<ApiError>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [zones] = useState(() => zoneChoices(settings.time_zone));
  const [browserZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const ids = { zone: useId(), zoneHint: useId(), zoneError: useId(), approval: useId(), approvalHint: useId(), approvalError: useId(), heading: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSaved(undefined);
    setBusy(true);
    try {
      const answer = await request<{ settings: MemberSettings }>(memberApi('/settings'), { method: 'PATCH', body: { time_zone: zone, approval_required: approval } });
      rememberSettings(answer.settings);
      setZone(answer.settings.time_zone);
      setApproval(answer.settings.approval_required);
      setSaved(`Saved. Times are now in ${answer.settings.time_zone}; approval is ${answer.settings.approval_required ? 'required' : 'not required'}.`);
      onSaved();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : new ApiError(0, 'client_error', String(failure)));
    } finally {
      setBusy(false);
    }
  };

  const zoneError = error?.forField('time_zone');
  const approvalError = error?.forField('approval_required');
  const otherError = error && !zoneError && !approvalError ? error : undefined;
  return (
    <section className="card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Time zone and approval</h2>
      <form onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
        <div className="field">
          <label htmlFor={ids.zone}>Time zone</label>
          <select
            id={ids.zone}
            className="zone-select"
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            aria-invalid={zoneError ? true : undefined}
            aria-describedby={`${ids.zoneHint}${zoneError ? ` ${ids.zoneError}` : ''}`}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <p className="hint" id={ids.zoneHint}>
            The calendar, the posting schedule and every time the studio shows use this zone, whatever the device’s clock says. Changing it keeps the schedule’s wall times (09:00
            stays 09:00). This browser is in {browserZone}.
          </p>
          <ErrorNote error={zoneError} id={ids.zoneError} />
        </div>
        <div className="field">
          <label className="choice">
            <input
              id={ids.approval}
              type="checkbox"
              checked={approval}
              onChange={(event) => setApproval(event.target.checked)}
              aria-invalid={approvalError ? true : undefined}
              aria-describedby={`${ids.approvalHint}${approvalError ? ` ${ids.approvalError}` : ''}`}
            />
            <span>Posts need approval before they are scheduled or published</span>
          </label>
          <p className="hint" id={ids.approvalHint}>
            When on, a post is queued, scheduled or published only once approved, and editing an approved post sends it back for review.
          </p>
          <ErrorNote error={approvalError} id={ids.approvalError} />
        </div>
        <ErrorNote error={otherError} />
        {saved ? <StatusNote>{saved}</StatusNote> : null}
        <button type="submit" className="button primary" disabled={busy}>
          Save time zone and approval
        </button>
      </form>
    </section>
  );
}
