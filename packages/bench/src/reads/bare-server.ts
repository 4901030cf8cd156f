import express from 'express';
import pg from 'pg';

// The baseline of `npm run bench -- reads`: hand-written Express 5 + pg handlers making the
// same lookups as the API's reads (by id and member), with nothing else — no authentication,
// rate limit, validation, mapping or signed cursor. Run as a child process like the API.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
/** A row as pg hands it over: this bare handler passes rows through unread, as the baseline should. */
type Row = Record<string, unknown>;
const member = process.env.BENCH_MEMBER_ID as string;
const app = express();
const api = express.Router();

api.get('/health', (_req, res) => {
  res.json({ status: 'ok' });
});
api.get('/posts/:id', async (req, res) => {
  const { rows } = await pool.query<Row>('SELECT * FROM posts WHERE id = $1 AND member_id = $2', [req.params.id, member]);
  res.status(rows.length ? 200 : 404).json({ post: rows[0] ?? null });
});
api.get('/posts', async (req, res) => {
  const status = typeof req.query.status === 'string' ? req.query.status : null;
  const { rows } = status
    ? await pool.query<Row>('SELECT * FROM posts WHERE member_id = $1 AND status = $2 ORDER BY created_at DESC, id DESC LIMIT 21', [member, status])
    : await pool.query<Row>('SELECT * FROM posts WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 21', [member]);
  res.json({ data: rows.slice(0, 20) });
});
api.get('/me', async (_req, res) => {
  const { rows } = await pool.query<Row>('SELECT m.*, c.provider FROM members m LEFT JOIN network_connections c ON c.member_id = m.id WHERE m.id = $1', [member]);
  res.json({ member: rows[0] });
});
api.get('/ideas', async (_req, res) => {
  const { rows } = await pool.query<Row>('SELECT * FROM ideas WHERE member_id = $1 ORDER BY created_at DESC, id DESC', [member]);
  res.json({ data: rows });
});
// Each endpoint with its newest delivery, its health, as GET /webhooks answers since the dashboard (issue 35).
api.get('/webhooks', async (_req, res) => {
  const { rows } = await pool.query<Row>(
    `SELECT e.id, e.url, e.events, e.is_active, e.created_at, d.status AS last_status, d.response_code AS last_response_code,
            coalesce(d.last_attempt_at, d.created_at) AS last_at
       FROM webhook_endpoints e
       LEFT JOIN LATERAL (SELECT status, response_code, last_attempt_at, created_at FROM webhook_deliveries
                           WHERE endpoint_id = e.id ORDER BY created_at DESC, id DESC LIMIT 1) d ON true
      WHERE e.member_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
    [member],
  );
  res.json({ data: rows });
});
api.get('/webhooks/:id/deliveries', async (req, res) => {
  const { rows } = await pool.query<Row>(
    `SELECT d.* FROM webhook_endpoints e
       LEFT JOIN LATERAL (SELECT * FROM webhook_deliveries WHERE endpoint_id = e.id ORDER BY created_at DESC, id DESC LIMIT 100) d ON true
      WHERE e.id = $1 AND e.member_id = $2 ORDER BY d.created_at DESC, d.id DESC`,
    [req.params.id, member],
  );
  res.status(rows.length ? 200 : 404).json({ data: rows });
});
api.get('/posts/:id/analytics', async (req, res) => {
  const { rows } = await pool.query<Row>(
    'SELECT id, analytics_impressions, analytics_likes, analytics_comments, analytics_shares, analytics_engagement_rate, analytics_refreshed_at FROM posts WHERE id = $1 AND member_id = $2',
    [req.params.id, member],
  );
  res.json(rows[0]);
});
api.get('/analytics', async (_req, res) => {
  const [kpis, top] = await Promise.all([
    pool.query<Row>('SELECT * FROM member_analytics WHERE member_id = $1', [member]),
    pool.query<Row>(
      `SELECT * FROM posts WHERE member_id = $1 AND status = 'published' ORDER BY analytics_engagement DESC, analytics_impressions DESC, published_at DESC, id DESC LIMIT 5`,
      [member],
    ),
  ]);
  res.json({ kpis: kpis.rows[0], top_posts: top.rows });
});
app.use('/api/v1', api);
app.listen(Number(process.env.PORT), '127.0.0.1');
