import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it), for a server a test or benchmark starts. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
