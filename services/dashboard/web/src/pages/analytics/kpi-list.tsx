import type { AnalyticsSummary, Kpis } from '../../api/plan-types.js';
import { changeInWords, formatCount, formatRate } from './numbers.js';

const FIGURES: { key: keyof Kpis; label: string; rate?: boolean }[] = [
  { key: 'posts_published', label: 'Posts published' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
  { key: 'avg_engagement_rate', label: 'Average engagement rate', rate: true },
];

/** The period's figures, each with its change against the period before, in words (the arrow only helps). */
export function KpiList({ summary }: { summary: AnalyticsSummary }) {
  return (
    <dl className="kpis">
      {FIGURES.map(({ key, label, rate }) => {
        const current = summary.current[key];
        const previous = summary.previous[key];
        const change = changeInWords(current, previous);
        const format = rate ? formatRate : formatCount;
        return (
          <div key={key} className="kpi" data-kpi={key}>
            <dt>{label}</dt>
            <dd className="kpi-value">{format(current)}</dd>
            <dd className={`kpi-change kpi-${change.direction}`}>
              <span aria-hidden="true">{change.direction === 'up' ? '▲ ' : change.direction === 'down' ? '▼ ' : ''}</span>
              {change.words}{' '}
              <span className="muted">
                (previous {summary.days} days: {format(previous)})
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
