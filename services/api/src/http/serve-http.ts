import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Runtime, RunningService } from '@lps/runtime';
import { answerClientError } from './answer-client-error.js';

export interface HttpService extends RunningService {
  server: Server;
  port: number;
}

/**
 * Listens with `app` and stops gracefully: no new connections, every request in
 * flight finishes, and keep-alive sockets are closed as soon as they are idle —
 * including sockets that become idle after stopping began (Node closes only
 * those idle at the moment `close()` is called).
 */
export async function serveHttp(
  app: Express,
  runtime: Runtime,
  options: { name: string; port?: number; host?: string; label: string; afterStop?: () => Promise<void> },
): Promise<HttpService> {
  let stopping = false;
  const server = createServer((req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? runtime.config.http.port, options.host ?? runtime.config.http.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  runtime.logger.info(`${options.label} listening on port ${port}`);
  return {
    name: options.name,
    server,
    port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        stopping = true;
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close((error) => {
          clearInterval(sweep);
          if (error) reject(error);
          else (options.afterStop?.() ?? Promise.resolve()).then(resolve, reject);
        });
        server.closeIdleConnections();
      }),
  };
}
