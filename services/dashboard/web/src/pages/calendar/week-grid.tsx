import { TableWrap } from '../../components/table-wrap.js';
import { formatDate, hourLabel } from '../../time/zoned.js';
import { EntryItem, FreeSlotItem, dropProps, ItemList, type DragMove } from './calendar-items.js';
import { hourOf, type CalendarRange, type DayPlan } from './calendar-range.js';

const FIRST_HOUR = 8;
const LAST_HOUR = 18;

/**
 * The week as a table: a column per day, a row per hour of the MEMBER's wall clock. Everything is
 * placed by the `local` wall time the server wrote, so a 09:00 slot is on the 09:00 row on both
 * sides of a clock change, whatever zone the browser is in. Each hour of each day takes a drop.
 */
export function WeekGrid({ range, plans, today, moves }: { range: CalendarRange; plans: Map<string, DayPlan>; today: string; moves: DragMove }) {
  let first = FIRST_HOUR;
  let last = LAST_HOUR;
  for (const plan of plans.values()) {
    for (const item of [...plan.entries, ...plan.free]) {
      first = Math.min(first, hourOf(item.local));
      last = Math.max(last, hourOf(item.local));
    }
  }
  const hours = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  return (
    <TableWrap label={`${range.title}: posts and free slots by hour`}>
      <table className="week-grid">
        <caption className="visually-hidden">
          {range.title}: posts and free slots by day and hour. Drag a scheduled post to another hour or free slot, or use its Move button.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="hour-head">
              <span className="visually-hidden">Hour</span>
            </th>
            {range.days.map((day) => (
              <th scope="col" key={day} className={day === today ? 'today' : undefined} aria-current={day === today ? 'date' : undefined}>
                {formatDate(day)}
                {day === today ? <span className="today-mark"> · Today</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((hour) => (
            <tr key={hour} data-hour={hour}>
              <th scope="row" className="hour-head">
                {hourLabel(hour)}
              </th>
              {range.days.map((day) => {
                const plan = plans.get(day);
                const entries = plan?.entries.filter((entry) => hourOf(entry.local) === hour) ?? [];
                const free = plan?.free.filter((slot) => hourOf(slot.local) === hour) ?? [];
                return (
                  <td key={day} data-date={day} className={day === today ? 'today' : undefined} {...dropProps(moves, { kind: 'hour', date: day, hour })}>
                    {entries.length + free.length > 0 ? (
                      <ItemList>
                        {entries.map((entry) => (
                          <EntryItem key={entry.post_id} entry={entry} moves={moves} />
                        ))}
                        {free.map((slot) => (
                          <FreeSlotItem key={slot.at} slot={slot} moves={moves} />
                        ))}
                      </ItemList>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
