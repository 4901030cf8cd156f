import { Link } from 'react-router';
import { TableWrap } from '../../components/table-wrap.js';
import { DAY_LABELS, DAY_NAMES, formatDate } from '../../time/zoned.js';
import { EntryItem, ItemList, dropProps, type DragMove } from './calendar-items.js';
import type { CalendarRange, DayPlan } from './calendar-range.js';

/** Posts shown in a day's cell before "N more" (the week view of that day shows them all). */
const SHOWN_PER_DAY = 4;

/** The month as weeks of days; each post with its time. A day takes a dropped post at the same wall time. */
export function MonthGrid({ range, plans, today, moves }: { range: CalendarRange; plans: Map<string, DayPlan>; today: string; moves: DragMove }) {
  const month = range.anchor.slice(0, 7);
  const weeks: string[][] = [];
  for (let index = 0; index < range.days.length; index += 7) weeks.push(range.days.slice(index, index + 7));
  return (
    <TableWrap label={`${range.title}: posts by day`}>
      <table className="month-grid">
        <caption className="visually-hidden">{range.title}: posts and free slots by day. Drag a scheduled post to another day (it keeps its time), or use its Move button.</caption>
        <thead>
          <tr>
            {DAY_NAMES.map((day) => (
              <th scope="col" key={day}>
                <abbr title={DAY_LABELS[day]}>{DAY_LABELS[day].slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const plan = plans.get(day);
                const entries = plan?.entries ?? [];
                const free = plan?.free.length ?? 0;
                const hidden = entries.length - SHOWN_PER_DAY;
                const classes = [day.startsWith(month) ? '' : 'other-month', day === today ? 'today' : ''].filter(Boolean).join(' ');
                return (
                  <td key={day} data-date={day} className={classes || undefined} {...dropProps(moves, { kind: 'day', date: day })}>
                    <p className="month-day" aria-current={day === today ? 'date' : undefined}>
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                      <span className="visually-hidden">{formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' })}</span>
                      {day === today ? <span className="today-mark"> · Today</span> : null}
                    </p>
                    {entries.length > 0 ? (
                      <ItemList>
                        {entries.slice(0, SHOWN_PER_DAY).map((entry) => (
                          <EntryItem key={entry.post_id} entry={entry} moves={moves} />
                        ))}
                      </ItemList>
                    ) : null}
                    {hidden > 0 ? (
                      <Link className="month-more" to={`?view=week&date=${day}`}>
                        {hidden} more<span className="visually-hidden"> on {formatDate(day, { weekday: 'long', day: 'numeric', month: 'long' })}</span>
                      </Link>
                    ) : null}
                    {free > 0 ? (
                      <p className="month-free">
                        {free} free slot{free === 1 ? '' : 's'}
                      </p>
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
