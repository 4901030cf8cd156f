import { useId, useState } from 'react';
import { dashboardApi, request } from '../api/client.js';
import type { SandboxFailures } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { ErrorNote, StatusNote } from '../components/notice.js';
import { useAction } from './use-action.js';

function Switch() {
  const state = useResource('sandbox', (signal) => request<SandboxFailures>(dashboardApi('/sandbox'), { signal }));
  const [kind, setKind] = useState<string>();
  const arm = useAction();
  const [done, setDone] = useState<string>();
  const name = useId();
  if (state.error) return <ErrorNote error={`The sandbox’s switch could not be read: ${state.error.message}`} />;
  if (!state.data) return <p className="loading">Reading the sandbox’s switch…</p>;
  const kinds = state.data.kinds;
  const chosen = kind ?? state.data.armed ?? kinds[0]?.kind;
  const armed = kinds.find((entry) => entry.kind === state.data?.armed);
  return (
    <>
      {armed ? <p className="note warning">Armed: your next publication will be refused with “{armed.label}”.</p> : null}
      <fieldset className="field">
        <legend>How LinkedIn refuses it</legend>
        {kinds.map((entry) => (
          <div key={entry.kind} className="choice">
            <input id={`${name}-${entry.kind}`} type="radio" name={name} checked={chosen === entry.kind} onChange={() => setKind(entry.kind)} />
            <label htmlFor={`${name}-${entry.kind}`}>{entry.label}</label>
            <p className="hint">{entry.description}</p>
          </div>
        ))}
      </fieldset>
      <div className="row-actions">
        <button
          type="button"
          className="button secondary"
          disabled={arm.busy || !chosen}
          onClick={() =>
            void arm.run(async () => {
              await request<void>(dashboardApi('/sandbox/fail-next'), { method: 'POST', body: { error: chosen } });
              setDone(`Your next publication will be refused with “${kinds.find((entry) => entry.kind === chosen)?.label ?? chosen}”, once.`);
              state.reload();
            })
          }
        >
          Refuse my next publication
        </button>
        {armed ? (
          <button
            type="button"
            className="button secondary"
            disabled={arm.busy}
            onClick={() =>
              void arm.run(async () => {
                await request<void>(dashboardApi('/sandbox/fail-next'), { method: 'DELETE' });
                setDone('Taken back: your next publication goes out as usual.');
                state.reload();
              })
            }
          >
            Take it back
          </button>
        ) : null}
      </div>
      <ErrorNote error={arm.error} />
      {done ? <StatusNote>{done}</StatusNote> : null}
    </>
  );
}

/**
 * The sandbox's failure switch (decision 0038), where failures are read: the member's next
 * publication is refused once, as LinkedIn would refuse it, so the inbox and "Fix and retry" can be
 * tried without LinkedIn. Shown only on the sandbox; read only when opened.
 */
export function SandboxRefusal() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`}>Rehearse a failure</h2>
      <p className="hint">On the sandbox you can make LinkedIn refuse your next publication, to see how a failure shows and how to fix it.</p>
      <button type="button" className="button secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((now) => !now)}>
        Choose a refusal
      </button>
      <div id={id} hidden={!open}>
        {open ? <Switch /> : null}
      </div>
    </section>
  );
}
