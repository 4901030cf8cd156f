import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A real HTTP server on loopback (127.0.0.1 unless another 127.x address is asked for), port chosen by the OS: the stand-in for any third party. */
export async function startLoopbackServer(handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>, host = '127.0.0.1'): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
