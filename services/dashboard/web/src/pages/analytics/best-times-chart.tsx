import { useId } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { Suggestions } from '../../api/plan-types.js';
import { TableWrap } from '../../components/table-wrap.js';
import { useWidth } from '../../components/use-width.js';
import { DAY_LABELS, DAY_NAMES, hourLabel, type DayName } from '../../time/zoned.js';
import { formatCount } from './numbers.js';

const DAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MARGIN = { top: 4, right: 8, bottom: 24, left: 40 };
const ROW = 24;

const dayWord = (day: string): string => DAY_LABELS[day as DayName] ?? day;
const scoreText = (score: number | null): string => (score === null ? '—' : score.toFixed(2));

/**
 * The weekday × hour picture behind the best-time suggestion, in the member's zone: how the
 * member's posts at each hour did against their usual engagement (1 = usual). SVG, named; the
 * figure's table holds the same numbers.
 */
export function BestTimesChart({ suggestions, zone, synthetic }: { suggestions: Suggestions; zone: string; synthetic: boolean }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const titleId = useId();
  const cells = suggestions.grid ?? [];
  const used = cells.filter((cell) => cell.posts > 0);
  const maxScore = Math.max(1, ...cells.map((cell) => cell.score ?? 0));
  const x = scaleBand({ domain: HOURS, range: [0, Math.max(120, width - MARGIN.left - MARGIN.right)], padding: 0.08 });
  const y = scaleBand({ domain: [...DAY_NAMES], range: [0, ROW * 7], padding: 0.08 });
  const shade = scaleLinear({ domain: [0, maxScore], range: [0.12, 1] });
  const best = suggestions.times.map((time) => `${dayWord(time.day)} ${time.time}${time.score === null ? '' : ` (${time.score.toFixed(2)})`}`);
  const height = ROW * 7 + MARGIN.top + MARGIN.bottom;
  const everyOther = width < 560 ? 6 : 3;
  return (
    <figure className="card chart-figure">
      <figcaption>
        <strong>Best times to post</strong>: each weekday and hour in {zone}, shaded by how your posts then did against your usual engagement (1 = usual)
        {synthetic ? ' (synthetic sandbox numbers)' : ''}.
      </figcaption>
      <p className="chart-summary">
        {suggestions.basis === 'history'
          ? `From ${formatCount(suggestions.posts_considered)} of your published posts. Suggested: ${best.join(', ') || 'none yet'}.`
          : `Not enough of your own history yet (${formatCount(suggestions.posts_considered)} posts): the suggested times (${best.join(', ')}) are lps’s defaults, not yours.`}
      </p>
      <div ref={ref} className="chart-box">
        <svg width={width} height={height} role="img" aria-labelledby={titleId} className="chart">
          <title id={titleId}>{`Weekday by hour: ${used.length} of 168 hours have posts. ${best.length ? `Best: ${best[0]}.` : ''}`}</title>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {DAY_NAMES.map((day, index) => (
              <text key={day} x={-6} y={(y(day) ?? 0) + y.bandwidth() / 2} dy="0.35em" textAnchor="end" fontSize={11} fill="#4a5358">
                {DAY_SHORT[index]}
              </text>
            ))}
            {HOURS.filter((hour) => hour % everyOther === 0).map((hour) => (
              <text key={hour} x={(x(hour) ?? 0) + x.bandwidth() / 2} y={ROW * 7 + 14} textAnchor="middle" fontSize={11} fill="#4a5358">
                {hourLabel(hour)}
              </text>
            ))}
            {DAY_NAMES.flatMap((day) =>
              HOURS.map((hour) => {
                const cell = cells.find((candidate) => candidate.day === day && candidate.hour === hour);
                const filled = cell && cell.posts > 0;
                return (
                  <rect
                    key={`${day}-${hour}`}
                    x={x(hour)}
                    y={y(day)}
                    width={x.bandwidth()}
                    height={y.bandwidth()}
                    rx={2}
                    fill={filled ? '#0a66c2' : '#eef0f1'}
                    fillOpacity={filled ? shade(cell.score ?? 0) : 1}
                    stroke={filled ? '#004182' : 'none'}
                    strokeWidth={filled ? 0.5 : 0}
                  />
                );
              }),
            )}
          </Group>
        </svg>
      </div>
      <details className="chart-numbers">
        <summary>
          The numbers ({used.length} hour{used.length === 1 ? '' : 's'} with posts)
        </summary>
        {used.length === 0 ? (
          <p className="empty">No published post with numbers yet.</p>
        ) : (
          <TableWrap label="Hours with posts and how they did">
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Hour</th>
                  <th scope="col">Posts</th>
                  <th scope="col">Score (1 = usual)</th>
                </tr>
              </thead>
              <tbody>
                {used.map((cell) => (
                  <tr key={`${cell.day}-${cell.hour}`}>
                    <th scope="row">{dayWord(cell.day)}</th>
                    <td>{hourLabel(cell.hour)}</td>
                    <td>{formatCount(cell.posts)}</td>
                    <td>{scoreText(cell.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </details>
    </figure>
  );
}
