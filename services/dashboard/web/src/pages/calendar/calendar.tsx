import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { memberApi, request, type ApiError } from '../../api/client.js';
import { useLiveEvents } from '../../api/live-events.js';
import { forgetSettings, useMemberSettings } from '../../api/member-settings.js';
import type { Calendar, CalendarEntry } from '../../api/plan-types.js';
import { useResource } from '../../api/use-resource.js';
import { PageHeading } from '../../components/layout.js';
import { ErrorNote, LoadFailed, Loading, StatusNote } from '../../components/notice.js';
import { useMediaQuery } from '../../components/use-media-query.js';
import { useTitle } from '../../components/use-title.js';
import { formatInZone, hourLabel, instantAt, isPlainDate, splitLocal, wallTimeOf } from '../../time/zoned.js';
import { AgendaList } from './agenda-list.js';
import type { DragMove, DropPlace } from './calendar-items.js';
import { byDay, rangeFor, type CalendarView } from './calendar-range.js';
import { MonthGrid } from './month-grid.js';
import { MoveDialog } from './move-dialog.js';
import { WeekGrid } from './week-grid.js';
import './calendar.css';

/**
 * The calendar: scheduled and published posts and the posting schedule's free slots, a week or a
 * month at a time, in the member's zone. Three calls: the session, the settings (the zone that
 * says where a day starts), the calendar. "Today" is the browser's clock read in the member's zone.
 */
export default function CalendarPage() {
  useTitle('Calendar');
  const settings = useMemberSettings();
  const [now] = useState(() => Date.now());
  if (settings.error) {
    return (
      <>
        <PageHeading>Calendar</PageHeading>
        <LoadFailed error={settings.error} what="Your settings" retry={settings.reload} />
      </>
    );
  }
  if (!settings.data) return <Loading what="the calendar" />;
  return <CalendarFor zone={settings.data.time_zone} now={now} />;
}

function CalendarFor({ zone, now }: { zone: string; now: number }) {
  const today = wallTimeOf(now, zone).date;
  const [params] = useSearchParams();
  const view: CalendarView = params.get('view') === 'month' ? 'month' : 'week';
  const date = params.get('date');
  const anchor = isPlainDate(date) ? date : today;
  const range = rangeFor(view, anchor, zone);
  const phone = useMediaQuery('(max-width: 760px)');
  const query = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString() }).toString();
  const calendar = useResource(query, (signal) => request<{ calendar: Calendar }>(memberApi(`/calendar?${query}`), { signal }));
  const [dragging, setDragging] = useState<CalendarEntry | null>(null);
  const [moving, setMoving] = useState<CalendarEntry | null>(null);
  const [said, setSaid] = useState<string>();
  const [failed, setFailed] = useState<ApiError | string>();

  const { reload } = calendar;
  useLiveEvents(['post.published', 'post.publish_failed', 'post.approved', 'post.rejected', 'post.changed'], reload);
  const shownZone = calendar.data?.calendar.time_zone;
  useEffect(() => {
    // The zone was changed elsewhere (another tab, the API): the next visit reads the settings again.
    if (shownZone && shownZone !== zone) forgetSettings();
  }, [shownZone, zone]);

  const move = async (entry: CalendarEntry, at: Date) => {
    await request(memberApi(`/posts/${entry.post_id}/schedule`), { method: 'POST', body: { scheduled_at: at.toISOString() } });
    setMoving(null);
    setSaid(
      `Moved “${entry.title || 'Untitled post'}” to ${formatInZone(at, zone, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}.`,
    );
    reload();
  };

  const moves: DragMove = {
    dragging,
    start: (entry) => {
      setFailed(undefined);
      setDragging(entry);
    },
    end: () => setDragging(null),
    openMove: (entry) => {
      setFailed(undefined);
      setSaid(undefined);
      setMoving(entry);
    },
    drop: (place: DropPlace) => {
      const entry = dragging;
      setDragging(null);
      if (!entry) return;
      const wall = splitLocal(entry.local);
      const at =
        place.kind === 'slot'
          ? new Date(place.slot.at)
          : place.kind === 'hour'
            ? instantAt(place.date, `${hourLabel(place.hour).slice(0, 3)}${wall.time.slice(3)}`, zone)
            : instantAt(place.date, wall.time, zone);
      if (at.getTime() === new Date(entry.at).getTime()) return;
      setSaid(undefined);
      move(entry, at).catch((error: unknown) => setFailed(error as ApiError));
    },
  };

  const link = (next: Record<string, string>) => `?${new URLSearchParams({ view, ...(date ? { date } : {}), ...next }).toString()}`;
  const plans = calendar.data ? byDay(calendar.data.calendar, now) : new Map();
  const Grid = phone ? AgendaList : view === 'week' ? WeekGrid : MonthGrid;
  return (
    <>
      <PageHeading
        actions={
          <Link to="/settings/schedule" className="button secondary">
            Schedule &amp; settings
          </Link>
        }
      >
        Calendar
      </PageHeading>
      <div className="toolbar cal-toolbar">
        <nav aria-label="Calendar view" className="segmented">
          <Link to={`?view=week&date=${anchor}`} aria-current={view === 'week' ? 'page' : undefined}>
            Week
          </Link>
          <Link to={`?view=month&date=${anchor}`} aria-current={view === 'month' ? 'page' : undefined}>
            Month
          </Link>
        </nav>
        <nav aria-label={view === 'week' ? 'Weeks' : 'Months'} className="cal-pager">
          <Link className="button secondary small" to={link({ date: range.previous })}>
            Previous {view}
          </Link>
          <Link className="button secondary small" to={`?view=${view}`}>
            {view === 'week' ? 'This week' : 'This month'}
          </Link>
          <Link className="button secondary small" to={link({ date: range.next })}>
            Next {view}
          </Link>
        </nav>
      </div>
      <h2 className="cal-title">
        {range.title} <span className="cal-zone">· times in {zone}</span>
      </h2>
      {said ? <StatusNote>{said}</StatusNote> : null}
      <ErrorNote error={failed ? `The post could not be moved: ${typeof failed === 'string' ? failed : failed.message}` : undefined} />
      {calendar.error ? <LoadFailed error={calendar.error} what="The calendar" retry={reload} /> : null}
      {calendar.loading && !calendar.data ? <Loading what="the calendar" /> : null}
      {calendar.data ? (
        <>
          {calendar.data.calendar.truncated ? (
            <p className="note warning">This {view} holds more posts than the calendar lists at once: only the first are shown. The week view shows fewer at a time.</p>
          ) : null}
          {!phone ? <p className="hint">Drag a scheduled post to another {view === 'week' ? 'hour or free slot' : 'day'}, or use its Move button.</p> : null}
          <Grid range={range} plans={plans} today={today} moves={moves} />
        </>
      ) : null}
      <MoveDialog entry={moving} zone={zone} onClose={() => setMoving(null)} move={move} />
    </>
  );
}
