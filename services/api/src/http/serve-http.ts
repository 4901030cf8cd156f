import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createHttpServer, errorEnvelopeBody, type ClientErrorBody, type Runtime, type RunningService } from '@lps/runtime';
import { MCP_PATH } from '../mcp/mount-mcp.js';
import { JSON_RPC_CODES } from '../mcp/json-rpc-errors.js';

export interface HttpService extends RunningService {
  server: Server;
  port: number;
}

/** What the server itself refuses (malformed, too late) in the entry's envelope: JSON-RPC on /mcp, the error envelope elsewhere. */
const clientErrorBody: ClientErrorBody = (answer) =>
  answer.url?.split('?')[0] === MCP_PATH
    ? { jsonrpc: '2.0', error: { code: JSON_RPC_CODES.serverError, message: `${answer.message}: ${answer.detail}` }, id: null }
    : errorEnvelopeBody(answer);

/** What a graceful stop keeps of LPS_SHUTDOWN_TIMEOUT for what stops after the HTTP server. */
const WORKERS_SHARE_OF_SHUTDOWN_MS = 2_000;

/**
 * Listens with `app`, with the request time-outs of config.http.timeouts, and stops gracefully: no new connections, every request in
 * flight finishes (within LPS_SHUTDOWN_TIMEOUT less the workers' share), and keep-alive sockets are closed as soon as they are idle —
 * including sockets that become idle after stopping began (Node closes only
 * those idle at the moment `close()` is called).
 */
export async function serveHttp(
  app: Express,
  runtime: Runtime,
  options: {
    name: string;
    port?: number;
    host?: string;
    label: string;
    /** When stopping begins: ends what would hold a connection open forever (the dashboard's live event streams). */
    beforeStop?: () => Promise<void>;
    afterStop?: () => Promise<void>;
  },
): Promise<HttpService> {
  let stopping = false;
  const server = createHttpServer(
    runtime.config.http.timeouts,
    (req, res) => {
      if (stopping) res.setHeader('Connection', 'close');
      app(req, res);
    },
    clientErrorBody,
  );
  server.keepAliveTimeout = 65_000;
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
    stop: async () => {
      stopping = true;
      await options.beforeStop?.();
      return new Promise<void>((resolve, reject) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        // A client that stops reading keeps its response in flight for ever. Past the drain budget the
        // rest is cut, so the workers stopping after this server still get their turn before
        // LPS_SHUTDOWN_TIMEOUT ends the process (which would skip closing connections and traces).
        const drainMs = Math.max(1_000, runtime.config.shutdownTimeoutSeconds * 1_000 - WORKERS_SHARE_OF_SHUTDOWN_MS);
        const cut = setTimeout(() => {
          server.getConnections((_error, open) => runtime.logger.warn(`${options.label}: closing ${open} connection(s) still answering ${drainMs / 1_000}s into the shutdown`));
          server.closeAllConnections();
        }, drainMs);
        cut.unref();
        server.close((error) => {
          clearInterval(sweep);
          clearTimeout(cut);
          if (error) reject(error);
          else (options.afterStop?.() ?? Promise.resolve()).then(resolve, reject);
        });
        server.closeIdleConnections();
      });
    },
  };
}
