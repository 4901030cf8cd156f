import { Link, useSearchParams } from 'react-router';
import { memberApi, request } from '../../api/client.js';
import { useLiveEvents } from '../../api/live-events.js';
import { useMemberSettings } from '../../api/member-settings.js';
import type { AnalyticsSummary, MetricsSnapshot, PostMetrics, Suggestions } from '../../api/plan-types.js';
import type { Page } from '../../api/types.js';
import { useResource } from '../../api/use-resource.js';
import { PageHeading } from '../../components/layout.js';
import { LoadFailed, Loading } from '../../components/notice.js';
import { useTitle } from '../../components/use-title.js';
import { BestTimesChart } from './best-times-chart.js';
import { HistoryChart } from './history-chart.js';
import { KpiList } from './kpi-list.js';
import { PostsTable, type SortKey, type SortOrder } from './posts-table.js';
import './analytics.css';

const PERIODS = [7, 28, 90] as const;
const SORTS: SortKey[] = ['published_at', 'impressions', 'engagement_rate'];
const PAGE_SIZE = 20;

/**
 * What worked: the period's figures against the period before, the published posts with their
 * numbers, one post's numbers over time and the weekday × hour picture behind the best times.
 * Without the analytics grant it says so and how to connect — and shows no number at all.
 */
export default function AnalyticsPage() {
  useTitle('Analytics');
  const [params] = useSearchParams();
  const days = PERIODS.find((period) => String(period) === params.get('days')) ?? 28;
  const sort = SORTS.find((key) => key === params.get('sort')) ?? 'published_at';
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const cursor = params.get('cursor');
  const picked = params.get('post');

  const settings = useMemberSettings();
  const summary = useResource(`summary:${days}`, (signal) => request<{ summary: AnalyticsSummary }>(memberApi(`/analytics/summary?days=${days}`), { signal }));
  const postsQuery = new URLSearchParams({ days: String(days), sort, order, limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) }).toString();
  const posts = useResource(postsQuery, (signal) => request<Page<PostMetrics>>(memberApi(`/analytics/posts?${postsQuery}`), { signal }));
  const available = summary.data?.summary.available === true;
  const rows = posts.data?.data ?? [];
  const charted = available ? (rows.find((row) => row.post_id === picked) ?? (picked ? null : rows[0])) : undefined;
  const chartedId = charted?.post_id ?? (available && picked ? picked : null);
  const history = useResource(chartedId, (signal) =>
    request<{ data: MetricsSnapshot[] }>(memberApi(`/posts/${encodeURIComponent(chartedId ?? '')}/analytics/history`), { signal }),
  );
  const grid = useResource(available ? 'grid' : null, (signal) => request<{ suggestions: Suggestions }>(memberApi('/schedule/suggestions?detail=grid'), { signal }));

  const reloadAll = () => {
    summary.reload();
    posts.reload();
    history.reload();
    grid.reload();
  };
  useLiveEvents(['post.published'], reloadAll);

  const link = (next: Record<string, string | null>) => {
    const query = new URLSearchParams({ days: String(days), sort, order, ...(cursor ? { cursor } : {}), ...(picked ? { post: picked } : {}) });
    for (const [key, value] of Object.entries(next)) {
      if (value === null) query.delete(key);
      else query.set(key, value);
    }
    return `?${query.toString()}`;
  };

  const zone = settings.data?.time_zone;
  const value = summary.data?.summary;
  const synthetic = value?.source === 'sandbox';
  const error = summary.error ?? settings.error;
  return (
    <>
      <PageHeading>Analytics</PageHeading>
      {summary.data?.summary.available === false ? null : (
        <nav className="segmented periods" aria-label="Period">
          {PERIODS.map((period) => (
            <Link key={period} to={link({ days: String(period), cursor: null })} aria-current={period === days ? 'page' : undefined}>
              <span className="visually-hidden">Last </span>
              {period} days
            </Link>
          ))}
        </nav>
      )}
      {error ? (
        <LoadFailed
          error={error}
          what="Your analytics"
          retry={() => {
            settings.reload();
            summary.reload();
          }}
        />
      ) : null}
      {!error && (!value || !zone) ? <Loading what="your analytics" /> : null}
      {value && zone && !value.available ? (
        <section className="card note warning" aria-labelledby="analytics-unavailable">
          <h2 id="analytics-unavailable">No analytics to show</h2>
          <p>{value.unavailable_reason ?? 'lps cannot read your posts’ numbers from LinkedIn.'}</p>
          <p>
            lps reads impressions, likes, comments and shares through LinkedIn’s analytics permission, granted apart from posting. The{' '}
            <Link to="/connection">LinkedIn connection</Link> page shows whether it is connected and, where this lps offers it, how to connect it; the numbers appear here once
            LinkedIn has them.
          </p>
        </section>
      ) : null}
      {value && zone && value.available ? (
        <>
          {synthetic ? (
            <p className="note warning synthetic">
              <strong>Synthetic numbers.</strong> This is the sandbox network: it makes up plausible figures so you can see how this page works. They are not LinkedIn’s.
            </p>
          ) : null}
          <section aria-labelledby="analytics-kpis">
            <h2 id="analytics-kpis">
              Last {days} days, against the {days} days before
            </h2>
            <KpiList summary={value} />
          </section>
          <section aria-labelledby="analytics-posts">
            <h2 id="analytics-posts">Published posts</h2>
            {posts.error ? <LoadFailed error={posts.error} what="Your published posts" retry={posts.reload} /> : null}
            {posts.loading && !posts.data ? <Loading what="your published posts" /> : null}
            {posts.data && rows.length === 0 ? <p className="empty">No post was published in the last {days} days.</p> : null}
            {rows.length > 0 ? (
              <PostsTable
                rows={rows}
                zone={zone}
                sort={sort}
                order={order}
                sortLink={(key, nextOrder) => link({ sort: key, order: nextOrder, cursor: null })}
                chartLink={(postId) => link({ post: postId })}
                charted={chartedId}
              />
            ) : null}
            <div className="pager">
              {cursor ? (
                <Link className="button secondary" to={link({ cursor: null })}>
                  First page
                </Link>
              ) : null}
              {posts.data?.page.has_more && posts.data.page.next_cursor ? (
                <Link className="button secondary" to={link({ cursor: posts.data.page.next_cursor })}>
                  Next page
                </Link>
              ) : null}
            </div>
          </section>
          <section aria-labelledby="analytics-charts">
            <h2 id="analytics-charts">Over time and by hour</h2>
            {chartedId ? (
              <>
                {history.error ? <LoadFailed error={history.error} what="The post’s history" retry={history.reload} /> : null}
                {history.loading && !history.data ? <Loading what="the post’s history" /> : null}
                {history.data ? <HistoryChart key={chartedId} title={charted?.title || 'This post'} snapshots={history.data.data} zone={zone} synthetic={synthetic} /> : null}
              </>
            ) : (
              <p className="empty">Once a post is published, its numbers over time are charted here.</p>
            )}
            {grid.error ? <LoadFailed error={grid.error} what="The best times" retry={grid.reload} /> : null}
            {grid.loading && !grid.data ? <Loading what="the best times" /> : null}
            {grid.data ? <BestTimesChart suggestions={grid.data.suggestions} zone={zone} synthetic={synthetic} /> : null}
          </section>
        </>
      ) : null}
    </>
  );
}
