import { formatDate } from '../../time/zoned.js';
import { EntryItem, FreeSlotItem, ItemList, type DragMove } from './calendar-items.js';
import type { CalendarRange, DayPlan } from './calendar-range.js';

/** On a phone: the range as a list of the days that hold something, each with its posts and free slots in time order. */
export function AgendaList({ range, plans, today, moves }: { range: CalendarRange; plans: Map<string, DayPlan>; today: string; moves: DragMove }) {
  const days = range.days.filter((day) => {
    const plan = plans.get(day);
    return plan && plan.entries.length + plan.free.length > 0;
  });
  if (days.length === 0) return <p className="empty">Nothing is planned {range.view === 'week' ? 'this week' : 'this month'}, and the posting schedule has no slot in it.</p>;
  return (
    <ol className="agenda" aria-label={`${range.title}, day by day`}>
      {days.map((day) => {
        const plan = plans.get(day) as DayPlan;
        return (
          <li key={day} data-date={day}>
            <h3 className="agenda-day">
              {formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' })}
              {day === today ? <span className="today-mark"> · Today</span> : null}
            </h3>
            <ItemList>
              {[...plan.entries.map((entry) => ({ local: entry.local, entry })), ...plan.free.map((slot) => ({ local: slot.local, slot }))]
                .sort((a, b) => a.local.localeCompare(b.local))
                .map((item) =>
                  'entry' in item ? <EntryItem key={item.entry.post_id} entry={item.entry} moves={moves} /> : <FreeSlotItem key={item.slot.at} slot={item.slot} moves={moves} />,
                )}
            </ItemList>
          </li>
        );
      })}
    </ol>
  );
}
