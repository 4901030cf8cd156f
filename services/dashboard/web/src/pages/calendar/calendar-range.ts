import type { Calendar, CalendarEntry, FreeSlot } from '../../api/plan-types.js';
import { addDays, addMonths, daysBetween, formatDate, instantAt, splitLocal, startOfMonth, startOfWeek, weekdayIndex } from '../../time/zoned.js';

export type CalendarView = 'week' | 'month';

/** What one view of the calendar covers: whole days in the member's zone, and the instants that bound them. */
export interface CalendarRange {
  view: CalendarView;
  /** The date the address names (`?date=`): its week or month is shown. */
  anchor: string;
  days: string[];
  from: Date;
  to: Date;
  title: string;
  previous: string;
  next: string;
}

export function rangeFor(view: CalendarView, anchor: string, zone: string): CalendarRange {
  let first: string;
  let end: string;
  let title: string;
  if (view === 'week') {
    first = startOfWeek(anchor);
    end = addDays(first, 7);
    title = `Week of ${formatDate(first, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  } else {
    // Whole weeks, Monday to Sunday, around the month: the grid's rows.
    const nextMonth = addMonths(anchor, 1);
    first = startOfWeek(startOfMonth(anchor));
    end = weekdayIndex(nextMonth) === 0 ? nextMonth : addDays(startOfWeek(nextMonth), 7);
    title = formatDate(startOfMonth(anchor), { month: 'long', year: 'numeric' });
  }
  return {
    view,
    anchor,
    days: daysBetween(first, end),
    // Midnight to midnight in the member's zone: a week with a clock change is 167 or 169 hours long.
    from: instantAt(first, '00:00', zone),
    to: instantAt(end, '00:00', zone),
    title,
    previous: view === 'week' ? addDays(anchor, -7) : addMonths(anchor, -1),
    next: view === 'week' ? addDays(anchor, 7) : addMonths(anchor, 1),
  };
}

export interface DayPlan {
  entries: CalendarEntry[];
  free: FreeSlot[];
}

/**
 * The answer's entries and free slots by their day in the member's zone (the server's `local`), in
 * time order. Free slots already past are left out: nothing can be scheduled there any more.
 */
export function byDay(calendar: Calendar, now: number): Map<string, DayPlan> {
  const days = new Map<string, DayPlan>();
  const dayOf = (date: string): DayPlan => {
    let plan = days.get(date);
    if (!plan) days.set(date, (plan = { entries: [], free: [] }));
    return plan;
  };
  for (const entry of calendar.entries) dayOf(splitLocal(entry.local).date).entries.push(entry);
  for (const slot of calendar.free_slots) if (new Date(slot.at).getTime() > now) dayOf(splitLocal(slot.local).date).free.push(slot);
  for (const plan of days.values()) {
    plan.entries.sort((a, b) => a.local.localeCompare(b.local));
    plan.free.sort((a, b) => a.local.localeCompare(b.local));
  }
  return days;
}

/** The hour (0–23) of a `local` wall time: the row of the week grid it belongs on. */
export const hourOf = (local: string): number => Number(local.slice(11, 13));
