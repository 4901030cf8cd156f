import { useId, useState, type FormEvent } from 'react';
import { memberApi, request } from '../api/client.js';
import type { MemberSettings, Suggestions } from '../api/plan-types.js';
import type { Post } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { ErrorNote, StatusNote } from '../components/notice.js';
import { ZonedTime } from '../components/zoned-time.js';
import { addDays, DAY_LABELS, DAY_NAMES, instantAt, isPlainDate, wallTimeOf, weekdayIndex, type DayName, type WallTime } from '../time/zoned.js';
import { useAction } from './use-action.js';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The instant a picked date and time stand for in `zone`; undefined until both are complete. */
const instantOfPick = (wall: WallTime, zone: string): Date | undefined => (isPlainDate(wall.date) && CLOCK.test(wall.time) ? instantAt(wall.date, wall.time, zone) : undefined);

/** The next `day` at `time` in `zone` after `now`: where a best time to post falls next. */
function nextOccurrence(day: DayName, time: string, zone: string, now: number): WallTime | undefined {
  const today = wallTimeOf(now, zone).date;
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const date = addDays(today, ahead);
    if (DAY_NAMES[weekdayIndex(date)] !== day) continue;
    const instant = instantAt(date, time, zone);
    if (instant.getTime() > now) return wallTimeOf(instant, zone);
  }
  return undefined;
}

interface WhenPanelProps {
  post: Post;
  settings: MemberSettings;
  onPost: (post: Post) => void;
  /** Saves text the member has not saved yet, first; false when that failed (its error is shown by the text). */
  saveFirst: () => Promise<boolean>;
  /** A publication was asked for: the page follows it until LinkedIn answers. */
  onPublishing: () => void;
  publishing: boolean;
}

function BestTimes({ zone, onPick }: { zone: string; onPick: (wall: WallTime, label: string) => void }) {
  const suggestions = useResource('suggestions', (signal) => request<{ suggestions: Suggestions }>(memberApi('/schedule/suggestions'), { signal }));
  const data = suggestions.data?.suggestions;
  if (suggestions.error) return <ErrorNote error={`The best times could not be read: ${suggestions.error.message}`} />;
  if (!data) return <p className="hint">Reading your best times…</p>;
  if (data.times.length === 0) return null;
  return (
    <div className="best-times">
      <p className="hint">
        {data.basis === 'history'
          ? `Best times from your own results (${data.posts_considered} published posts), in ${zone}:`
          : `Common good times, in ${zone} (your own appear once enough of your posts have results):`}
      </p>
      <ul className="best-time-list" aria-label="Best times to post">
        {data.times.map((time) => {
          const label = `${DAY_LABELS[time.day]} ${time.time}`;
          const score = time.score === null ? '' : `, ${time.score.toFixed(1)}× your usual engagement`;
          return (
            <li key={`${time.day}-${time.time}`}>
              <button
                type="button"
                className="button secondary small"
                onClick={() => {
                  const wall = nextOccurrence(time.day, time.time, zone, Date.now());
                  if (wall) onPick(wall, label);
                }}
              >
                {label}
                <span className="visually-hidden">{score}: fill in the next one</span>
              </button>
              {score ? (
                <span className="hint" aria-hidden="true">
                  {' '}
                  {time.score?.toFixed(1)}×
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * When the post goes out: the next free slot of the posting schedule ("Add to queue"), a date and
 * time the member picks in THEIR time zone (UTC beside it; the best times one click away), or now.
 * A scheduled post can be unscheduled. Unsaved text is saved first, so what goes out is what the
 * preview shows.
 */
export function WhenPanel({ post, settings, onPost, saveFirst, onPublishing, publishing }: WhenPanelProps) {
  const zone = settings.time_zone;
  const action = useAction();
  const [done, setDone] = useState<{ text: string; at?: string }>();
  const [picking, setPicking] = useState(false);
  const [wall, setWall] = useState<WallTime>(() => (post.scheduled_at ? wallTimeOf(new Date(post.scheduled_at), zone) : { date: '', time: '' }));
  const [filled, setFilled] = useState<string>();
  const dateId = useId();
  const timeId = useId();
  const pickerId = useId();
  const instant = instantOfPick(wall, zone);
  const shifted = instant ? wallTimeOf(instant, zone) : undefined;
  const published = post.status === 'published';
  const needsApproval = settings.approval_required && post.status !== 'approved' && post.status !== 'scheduled';

  const act = (path: string, body: unknown, after: (post: Post) => { text: string; at?: string } | undefined) =>
    void action.run(async () => {
      setDone(undefined);
      if (!(await saveFirst())) return;
      const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}${path}`), { method: 'POST', body });
      onPost(answer.post);
      setDone(after(answer.post));
    });

  const schedule = (event: FormEvent) => {
    event.preventDefault();
    if (!instant) return;
    act('/schedule', { scheduled_at: instant.toISOString() }, (next) => ({ text: 'Scheduled: it goes out', at: next.scheduled_at ?? undefined }));
  };

  return (
    <section aria-labelledby="when-heading" className="card editor-section">
      <h2 id="when-heading">When</h2>
      {published ? (
        <p>
          Published <ZonedTime value={post.published_at} zone={zone} />.{' '}
          {post.network_url ? (
            <a href={post.network_url} target="_blank" rel="noopener noreferrer">
              View on LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </p>
      ) : post.status === 'scheduled' && post.scheduled_at ? (
        <div className="when-now">
          <p>
            Scheduled for <ZonedTime value={post.scheduled_at} zone={zone} />.
          </p>
          <button
            type="button"
            className="button secondary"
            disabled={action.busy || publishing}
            onClick={() => act('/unschedule', undefined, () => ({ text: 'Unscheduled: the post is back among your drafts, and its slot is free again.' }))}
          >
            Unschedule
          </button>
        </div>
      ) : (
        <p>Not scheduled. Times are in your time zone, {zone}.</p>
      )}
      {needsApproval && !published ? <p className="note warning">Approval is required before this post can be queued, scheduled or published: approve it under Review.</p> : null}
      {published ? null : (
        <>
          <div className="row-actions">
            <button
              type="button"
              className="button primary"
              disabled={action.busy || publishing}
              onClick={() =>
                act('/queue', undefined, (next) => ({ text: 'Added to the queue: it took the next free slot of your posting schedule,', at: next.scheduled_at ?? undefined }))
              }
            >
              Add to queue
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={action.busy || publishing}
              onClick={() =>
                void action.run(async () => {
                  setDone(undefined);
                  if (!(await saveFirst())) return;
                  const answer = await request<{ post: Post }>(memberApi(`/posts/${post.id}/publish`), { method: 'POST' });
                  onPost(answer.post);
                  onPublishing();
                })
              }
            >
              Publish now
            </button>
            <button type="button" className="button secondary" aria-expanded={picking} aria-controls={pickerId} onClick={() => setPicking((open) => !open)}>
              Pick a date and time
            </button>
          </div>
          <div id={pickerId} hidden={!picking}>
            {picking ? (
              <form className="picker" onSubmit={schedule}>
                <fieldset className="field">
                  <legend>Date and time in {zone}</legend>
                  <div className="picker-fields">
                    <div className="field">
                      <label htmlFor={dateId}>Date</label>
                      <input id={dateId} type="date" required value={wall.date} onChange={(event) => setWall({ ...wall, date: event.target.value })} />
                    </div>
                    <div className="field">
                      <label htmlFor={timeId}>Time ({zone})</label>
                      <input id={timeId} type="time" required step={60} value={wall.time} onChange={(event) => setWall({ ...wall, time: event.target.value })} />
                    </div>
                  </div>
                  <p className="hint" aria-live="polite">
                    {instant && shifted ? (
                      <>
                        That is <ZonedTime value={instant.toISOString()} zone={zone} />.
                        {shifted.time !== wall.time ? ` The clocks skip ${wall.time} that day: it goes out at ${shifted.time}.` : ''}
                      </>
                    ) : (
                      'Pick a date and a time.'
                    )}
                  </p>
                  {filled ? <p className="hint">Filled in with the next {filled}.</p> : null}
                </fieldset>
                <BestTimes
                  zone={zone}
                  onPick={(next, label) => {
                    setWall(next);
                    setFilled(label);
                  }}
                />
                <button type="submit" className="button primary" disabled={!instant || action.busy || publishing}>
                  Schedule
                </button>
              </form>
            ) : null}
          </div>
        </>
      )}
      {publishing ? (
        <div className="progress-line" role="status">
          <progress aria-label="Publishing" />
          <span>Publishing… this page shows the result when LinkedIn answers.</span>
        </div>
      ) : null}
      <ErrorNote error={action.error} />
      {done ? (
        <StatusNote>
          {done.text}
          {done.at ? (
            <>
              {' '}
              <ZonedTime value={done.at} zone={zone} />.
            </>
          ) : null}
        </StatusNote>
      ) : null}
    </section>
  );
}
