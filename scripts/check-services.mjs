// Tests and benchmarks need real PostgreSQL and Redis. Say clearly which one is
// missing and how to start it, instead of letting the first test time out.
import net from 'node:net';
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lps';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function checkPostgres(databaseUrl) {
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

function checkRedis(redisUrl) {
  const url = new URL(redisUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 3 s')), 3000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      clearTimeout(timer);
      socket.end();
      const text = data.toString();
      if (text.startsWith('+PONG') || text.startsWith('-NOAUTH')) resolve();
      else reject(new Error(`unexpected answer ${JSON.stringify(text.trim())}`));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function checkServices({ say }) {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const missing = [];
  try {
    await checkPostgres(databaseUrl);
  } catch (error) {
    missing.push(
      `PostgreSQL is not reachable at ${new URL(databaseUrl).host} (${error.message}).\n` +
        '      Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n' +
        '      (or `docker compose -f deploy/local-dependencies.yml up -d postgres`), or point DATABASE_URL at one.',
    );
  }
  try {
    await checkRedis(redisUrl);
  } catch (error) {
    missing.push(
      `Redis is not reachable at ${new URL(redisUrl).host} (${error.message}).\n` +
        '      Start it: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no\n' +
        '      (or `docker compose -f deploy/local-dependencies.yml up -d redis`), or point REDIS_URL at one.',
    );
  }
  if (missing.length > 0) {
    for (const line of missing) say(`MISSING SERVICE: ${line}`);
    say('the tests talk to real PostgreSQL and Redis; nothing was run.');
    process.exit(1);
  }
}
