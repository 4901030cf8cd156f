import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILLs the server: everything it held is gone, as when Redis dies with no persistence. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A redis-server of the test's own on a free port, persisting nothing: a test
 * may kill it and bring it back empty without touching the Redis every other
 * test shares (never FLUSHALL the shared one). Killed when the test process exits.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const stopOnExit = () => child?.kill('SIGKILL');
  process.once('exit', stopOnExit);

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await answers(url))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url, port, kill, start };
}
