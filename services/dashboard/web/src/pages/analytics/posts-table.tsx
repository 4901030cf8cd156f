import { Link } from 'react-router';
import type { PostMetrics } from '../../api/plan-types.js';
import { TableWrap } from '../../components/table-wrap.js';
import { formatInZone } from '../../time/zoned.js';
import { formatCount, formatRate } from './numbers.js';

export type SortKey = 'published_at' | 'impressions' | 'engagement_rate';
export type SortOrder = 'asc' | 'desc';

interface PostsTableProps {
  rows: PostMetrics[];
  zone: string;
  sort: SortKey;
  order: SortOrder;
  /** The address of this table sorted another way (the sort is in the URL). */
  sortLink: (key: SortKey, order: SortOrder) => string;
  chartLink: (postId: string) => string;
  charted: string | null;
}

function SortHeader({ label, sortKey, props }: { label: string; sortKey: SortKey; props: PostsTableProps }) {
  const active = props.sort === sortKey;
  const next: SortOrder = active && props.order === 'desc' ? 'asc' : 'desc';
  return (
    <th scope="col" aria-sort={active ? (props.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Link to={props.sortLink(sortKey, next)} className="sort-link">
        {label}
        <span aria-hidden="true">{active ? (props.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        <span className="visually-hidden">, sort {next === 'asc' ? 'ascending' : 'descending'}</span>
      </Link>
    </th>
  );
}

/** Published posts with their numbers, sortable by the three orders the API keeps (the sort is in the address). */
export function PostsTable(props: PostsTableProps) {
  const { rows, zone, chartLink, charted } = props;
  return (
    <TableWrap label="Published posts and their numbers">
      <table className="metrics-table">
        <caption className="visually-hidden">Published posts and their numbers; column headers with a link sort the table.</caption>
        <thead>
          <tr>
            <th scope="col">Post</th>
            <SortHeader label="Published" sortKey="published_at" props={props} />
            <SortHeader label="Impressions" sortKey="impressions" props={props} />
            <th scope="col">Likes</th>
            <th scope="col">Comments</th>
            <th scope="col">Shares</th>
            <SortHeader label="Engagement rate" sortKey="engagement_rate" props={props} />
            <th scope="col">
              <span className="visually-hidden">Chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.post_id} data-post-id={row.post_id}>
              <th scope="row" className="metrics-title">
                <Link to={`/posts/${row.post_id}`}>{row.title || 'Untitled post'}</Link>
              </th>
              <td>
                <time dateTime={row.published_at}>{formatInZone(row.published_at, zone, { dateStyle: 'medium' })}</time>
              </td>
              <td className="number">{formatCount(row.impressions)}</td>
              <td className="number">{formatCount(row.likes)}</td>
              <td className="number">{formatCount(row.comments)}</td>
              <td className="number">{formatCount(row.shares)}</td>
              <td className="number">{formatRate(row.engagement_rate)}</td>
              <td>
                {charted === row.post_id ? (
                  <span className="muted">Charted below</span>
                ) : (
                  <Link to={chartLink(row.post_id)} className="chart-link" preventScrollReset>
                    Chart<span className="visually-hidden"> “{row.title || 'Untitled post'}” over time</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
