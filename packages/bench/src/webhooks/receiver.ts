import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local receiver that answers 200 at once and notes when each event (body `id`) first arrived. */
export async function startBenchReceiver(): Promise<{ url: string; arrivals: Map<string, number>; requests(): number; close(): Promise<void> }> {
  const arrivals = new Map<string, number>();
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
