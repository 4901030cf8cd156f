import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis, type RedisOptions } from 'ioredis';
import { makeTestCertificates, type TestCertificates } from './tls-certificates.js';
import { waitFor } from './wait-for.js';

const run = promisify(execFile);

export interface LocalRedisOptions {
  /** TLS only (no plain port), with a CA of the test's own. */
  tls?: boolean;
  /** `redis-server` directives as arguments, one word each, e.g. `['--user', 'lps', 'on', '>secret', '~*', '&*', '+@all']`. */
  extraArgs?: string[];
}

export interface LocalRedisClusterOptions extends LocalRedisOptions {
  masters?: number;
  /** Replicas per master (1 lets a test fail a master over). */
  replicas?: number;
}

interface Server {
  port: number;
  process: ChildProcess;
}

export interface LocalRedis {
  /** A REDIS_URL for it (`redis://` or `rediss://`, every node for a cluster). */
  url: string;
  ports: number[];
  certificates?: TestCertificates;
  /** An admin connection to one node (never through the factory under test). */
  admin(port: number): Redis;
  stop(): Promise<void>;
}

export interface LoneLocalRedis extends LocalRedis {
  /** SIGKILLs the server: everything it held is gone, as when Redis dies with no persistence. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (after `kill`). */
  start(): Promise<void>;
}

export interface LocalRedisCluster extends LocalRedis {
  /** The master that serves a key's slot now. */
  masterOf(key: string): Promise<number>;
  /**
   * Hands the key's slot to the master's replica with CLUSTER FAILOVER (the replica
   * catches up first, so nothing acknowledged is lost) and waits until every node
   * agrees; returns the ports of the old and the new master.
   */
  failover(key: string): Promise<{ from: number; to: number }>;
  /**
   * SIGKILLs the master that serves the key's slot and waits until its replica has
   * taken the slot over (the cluster notices after `cluster-node-timeout`, 2 s here).
   * Writes the master acknowledged but had not yet replicated are lost, as in a real crash.
   */
  killMaster(key: string): Promise<{ from: number; to: number }>;
}

/** Two free ports n apart (a cluster node also listens on its port + 10000). */
async function freePortPair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await listen(port)) && (await listen(port + 10_000))) return port;
  }
}

function startServer(dir: string, port: number, args: string[], certificates?: TestCertificates): Server {
  const nodeDir = join(dir, String(port));
  mkdirSync(nodeDir, { recursive: true });
  const listening = certificates
    ? [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--tls-cert-file',
        certificates.certFile,
        '--tls-key-file',
        certificates.keyFile,
        '--tls-ca-cert-file',
        certificates.caFile,
        '--tls-auth-clients',
        'no',
        '--tls-replication',
        'yes',
        '--tls-cluster',
        'yes',
      ]
    : ['--port', String(port)];
  const child = spawn('redis-server', [...listening, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', nodeDir, ...args], { stdio: 'ignore' });
  return { port, process: child };
}

const adminOptions = (certificates: TestCertificates | undefined, extra: RedisOptions): RedisOptions => ({
  host: '127.0.0.1',
  maxRetriesPerRequest: 3,
  ...(certificates ? { tls: { ca: readFileSync(certificates.caFile), servername: 'localhost' } } : {}),
  ...extra,
});

async function ready(admin: Redis): Promise<void> {
  await waitFor(async () => (await admin.ping().catch(() => '')) === 'PONG', { timeoutMs: 10_000, what: 'redis-server to answer' });
}

const killServer = ({ process: child }: Server) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

function stopServers(servers: Server[], dir: string) {
  return async () => {
    await Promise.all(servers.map(killServer));
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Every server started here ends with the test process, even when a test fails before its own stop. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * A lone `redis-server` of the test's own on a free port (never the shared one on 6379): a test
 * may kill it and bring it back empty without touching the Redis every other test shares.
 */
export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LoneLocalRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'lps-redis-'));
  const certificates = options.tls ? makeTestCertificates(dir) : undefined;
  const port = await freePortPair();
  let server: Server | undefined;
  const admins: Redis[] = [];
  const admin = (p: number) => {
    const client = new Redis(adminOptions(certificates, { port: p, ...adminAuth(options) }));
    client.on('error', () => undefined);
    admins.push(client);
    return client;
  };
  const start = async () => {
    const running = startServer(dir, port, options.extraArgs ?? [], certificates);
    server = running;
    started.add(running.process);
    const probe = admin(port);
    try {
      await ready(probe);
    } finally {
      probe.disconnect();
    }
  };
  const kill = async () => {
    if (!server) return;
    await killServer(server);
    started.delete(server.process);
  };
  const stop = async () => {
    admins.forEach((client) => client.disconnect());
    await kill();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `${certificates ? 'rediss' : 'redis'}://127.0.0.1:${port}`,
    ports: [port],
    ...(certificates ? { certificates } : {}),
    admin,
    kill,
    start,
    stop,
  };
}

/** The admin connection logs in as the last enabled `--user` with a password the server was given, if any. */
function adminAuth(options: LocalRedisOptions): RedisOptions {
  const args = options.extraArgs ?? [];
  // Each `--user` is followed by its words: name, `on`/`off`, `>password`, rules.
  const users = args.flatMap((arg, i) => {
    if (arg !== '--user') return [];
    const end = args.findIndex((next, j) => j > i && next.startsWith('--'));
    return [args.slice(i + 1, end < 0 ? undefined : end)];
  });
  const user = users.filter((words) => words.includes('on') && words.some((word) => word.startsWith('>'))).at(-1);
  if (!user) return {};
  return { username: user[0], password: (user.find((word) => word.startsWith('>')) as string).slice(1) };
}

/**
 * A real Redis Cluster of the test's own: `masters` (3) servers with
 * `--cluster-enabled yes` and `replicas` (1) each, on free ports, joined with
 * `redis-cli --cluster create`, nothing persisted. Takes a second or two.
 */
export async function startLocalRedisCluster(options: LocalRedisClusterOptions = {}): Promise<LocalRedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicas ?? 1;
  const dir = mkdtempSync(join(tmpdir(), 'lps-redis-cluster-'));
  const certificates = options.tls ? makeTestCertificates(dir) : undefined;
  const ports: number[] = [];
  for (let i = 0; i < masters * (1 + replicas); i += 1) {
    let port = await freePortPair();
    while (ports.includes(port)) port = await freePortPair();
    ports.push(port);
  }
  const clusterArgs = ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '2000', ...(options.extraArgs ?? [])];
  const servers = ports.map((port) => startServer(dir, port, clusterArgs, certificates));
  servers.forEach((server) => started.add(server.process));
  const admins = new Map<number, Redis>();
  const admin = (port: number) => {
    let client = admins.get(port);
    if (!client) {
      client = new Redis(adminOptions(certificates, { port, ...adminAuth(options) }));
      client.on('error', () => undefined);
      admins.set(port, client);
    }
    return client;
  };
  const stop = stopServers(servers, dir);
  try {
    await Promise.all(ports.map((port) => ready(admin(port))));
    const auth = adminAuth(options);
    await run('redis-cli', [
      ...(certificates ? ['--tls', '--cacert', certificates.caFile, '--sni', 'localhost'] : []),
      ...(auth.username ? ['--user', auth.username, '--pass', String(auth.password)] : []),
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    await waitForAgreement(ports, admin, masters);
  } catch (error) {
    await stop();
    throw error;
  }

  const masterOf = async (key: string) => {
    const slot = await admin(ports[0] as number).cluster('KEYSLOT', key);
    const ranges = await admin(ports[0] as number).cluster('SLOTS');
    const range = ranges.find(([from, to]) => from <= slot && slot <= to);
    if (!range?.[2]) throw new Error(`no node serves slot ${slot}`);
    return Number(range[2][1]);
  };

  return {
    url: ports.map((port) => `${certificates ? 'rediss' : 'redis'}://127.0.0.1:${port}`).join(','),
    ports,
    ...(certificates ? { certificates } : {}),
    admin,
    masterOf,
    async failover(key) {
      const from = await masterOf(key);
      const masterId = String(await admin(from).cluster('MYID'));
      const replicasOf = (await admin(from).cluster('REPLICAS', masterId)) as string[];
      const replicaPort = Number(/:(\d+)@/.exec(replicasOf[0] ?? '')?.[1]);
      if (!replicaPort) throw new Error(`the master on ${from} has no replica`);
      await admin(replicaPort).cluster('FAILOVER');
      await waitFor(async () => (await masterOf(key).catch(() => 0)) === replicaPort, { timeoutMs: 15_000, what: 'the replica to take over the slot' });
      await waitForAgreement(ports, admin, masters);
      return { from, to: replicaPort };
    },
    async killMaster(key) {
      const from = await masterOf(key);
      const masterId = String(await admin(from).cluster('MYID'));
      const replicaPort = Number(/:(\d+)@/.exec(((await admin(from).cluster('REPLICAS', masterId)) as string[])[0] ?? '')?.[1]);
      if (!replicaPort) throw new Error(`the master on ${from} has no replica`);
      servers.find((server) => server.port === from)?.process.kill('SIGKILL');
      admins.get(from)?.disconnect();
      admins.delete(from);
      await waitFor(
        async () => {
          const info = String(
            await admin(replicaPort)
              .cluster('INFO')
              .catch(() => ''),
          );
          const role = String(
            await admin(replicaPort)
              .role()
              .catch(() => ['']),
          );
          return /cluster_state:ok/.test(info) && role.startsWith('master');
        },
        { timeoutMs: 30_000, what: 'the replica to take over from the killed master' },
      );
      return { from, to: replicaPort };
    },
    async stop() {
      for (const client of admins.values()) client.disconnect();
      await stop();
      servers.forEach((server) => started.delete(server.process));
    },
  };
}

/** Every node says the cluster is ok and sees the same number of masters. */
async function waitForAgreement(ports: number[], admin: (port: number) => Redis, masters: number): Promise<void> {
  await waitFor(
    async () => {
      for (const port of ports) {
        const info = String(
          await admin(port)
            .cluster('INFO')
            .catch(() => ''),
        );
        if (!/cluster_state:ok/.test(info) || !new RegExp(`cluster_size:${masters}\\b`).test(info)) return false;
        const nodes = String(
          await admin(port)
            .cluster('NODES')
            .catch(() => ''),
        );
        if (/fail\??[ ,]|handshake|noaddr/.test(nodes)) return false;
      }
      return true;
    },
    { timeoutMs: 20_000, what: 'the cluster nodes to agree' },
  );
}
