import { useId } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import type { MetricsSnapshot } from '../../api/plan-types.js';
import { TableWrap } from '../../components/table-wrap.js';
import { useWidth } from '../../components/use-width.js';
import { formatInZone } from '../../time/zoned.js';
import { formatCount, formatRate } from './numbers.js';

const HEIGHT = 180;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };

interface Series {
  label: string;
  value: (snapshot: MetricsSnapshot) => number;
  colour: string;
}

const SERIES: Series[] = [
  { label: 'Impressions', value: (snapshot) => snapshot.impressions, colour: '#0a66c2' },
  { label: 'Engagements (likes + comments + shares)', value: (snapshot) => snapshot.likes + snapshot.comments + snapshot.shares, colour: '#1b6b3a' },
];

/** One line over the snapshots' times, drawn as SVG and named (its numbers are in the figure's table). */
function LineChart({ snapshots, series, width, zone }: { snapshots: MetricsSnapshot[]; series: Series; width: number; zone: string }) {
  const titleId = useId();
  const times = snapshots.map((snapshot) => new Date(snapshot.at).getTime());
  const values = snapshots.map(series.value);
  const first = Math.min(...times);
  const last = Math.max(...times);
  // One snapshot still gets an axis: a day either side.
  const x = scaleTime({ domain: first === last ? [first - 86_400_000, last + 86_400_000] : [first, last], range: [0, width - MARGIN.left - MARGIN.right] });
  const y = scaleLinear({ domain: [0, Math.max(1, ...values)], range: [HEIGHT - MARGIN.top - MARGIN.bottom, 0], nice: true });
  const points = snapshots.map((snapshot) => ({ at: new Date(snapshot.at).getTime(), value: series.value(snapshot) }));
  const latest = values[values.length - 1] ?? 0;
  // Over a few days the ticks are hours apart: they say the time as well as the day.
  const short = x.domain()[1]!.getTime() - x.domain()[0]!.getTime() <= 3 * 86_400_000;
  const tickStyle: Intl.DateTimeFormatOptions = short
    ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { day: 'numeric', month: 'short' };
  const tickLabel = { fill: '#4a5358', fontSize: 11, fontFamily: 'system-ui, sans-serif' } as const;
  return (
    <svg width={width} height={HEIGHT} role="img" aria-labelledby={titleId} className="chart">
      <title id={titleId}>{`${series.label}: ${snapshots.length} snapshot${snapshots.length === 1 ? '' : 's'}, latest ${formatCount(latest)}`}</title>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <AxisLeft
          scale={y}
          numTicks={4}
          stroke="#8c979d"
          tickStroke="#8c979d"
          tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: -4, dy: '0.3em' }}
          tickFormat={(value) => formatCount(Number(value))}
        />
        <AxisBottom
          top={HEIGHT - MARGIN.top - MARGIN.bottom}
          scale={x}
          numTicks={Math.max(2, Math.floor(width / (short ? 180 : 120)))}
          stroke="#8c979d"
          tickStroke="#8c979d"
          tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
          tickFormat={(value) => formatInZone(value instanceof Date ? value : new Date(Number(value)), zone, tickStyle)}
        />
        <LinePath data={points} x={(point) => x(point.at)} y={(point) => y(point.value)} stroke={series.colour} strokeWidth={2} />
        {points.map((point) => (
          <circle key={point.at} cx={x(point.at)} cy={y(point.value)} r={3.5} fill={series.colour} />
        ))}
      </Group>
    </svg>
  );
}

/** A published post's numbers over time, from lps's own snapshots (LinkedIn gives no daily figures per post). */
export function HistoryChart({ title, snapshots, zone, synthetic }: { title: string; snapshots: MetricsSnapshot[]; zone: string; synthetic: boolean }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  return (
    <figure className="card chart-figure">
      <figcaption>
        <strong>“{title}” over time</strong>: impressions and engagements at each of lps’s snapshots{synthetic ? ' (synthetic sandbox numbers)' : ''}.
      </figcaption>
      {snapshots.length === 0 ? (
        <p className="empty">No snapshot yet: lps reads a post’s numbers from the network after it is published, then again as they settle.</p>
      ) : (
        <>
          <div ref={ref} className="chart-box">
            {SERIES.map((series) => (
              <div key={series.label}>
                <p className="chart-label">{series.label}</p>
                <LineChart snapshots={snapshots} series={series} width={width} zone={zone} />
              </div>
            ))}
          </div>
          <details className="chart-numbers">
            <summary>
              The numbers ({snapshots.length} snapshot{snapshots.length === 1 ? '' : 's'})
            </summary>
            <TableWrap label={`Snapshots of “${title}”`}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Read at</th>
                    <th scope="col">Impressions</th>
                    <th scope="col">Likes</th>
                    <th scope="col">Comments</th>
                    <th scope="col">Shares</th>
                    <th scope="col">Engagement rate</th>
                  </tr>
                </thead>
                <tbody>
                  {snapshots.map((snapshot) => (
                    <tr key={snapshot.at}>
                      <th scope="row">
                        <time dateTime={snapshot.at}>{formatInZone(snapshot.at, zone)}</time>
                      </th>
                      <td>{formatCount(snapshot.impressions)}</td>
                      <td>{formatCount(snapshot.likes)}</td>
                      <td>{formatCount(snapshot.comments)}</td>
                      <td>{formatCount(snapshot.shares)}</td>
                      <td>{formatRate(snapshot.engagement_rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </details>
        </>
      )}
    </figure>
  );
}
