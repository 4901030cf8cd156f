import autocannon from 'autocannon';

export interface PostEachResult {
  /** Answers by HTTP status. */
  statuses: Map<number, number>;
  /** When the first 202 arrived (ms since the epoch), 0 when none did. */
  first202At: number;
}

/**
 * POSTs to each path once, `connections` at a time. autocannon is a load generator:
 * its client costs a fraction of what `fetch` costs per request, and on this
 * two-core machine every millisecond the client spends is taken from the services
 * being measured.
 */
export async function postEach(baseUrl: string, paths: string[], headers: Record<string, string>, body?: unknown, connections = 50): Promise<PostEachResult> {
  const url = new URL(baseUrl);
  const statuses = new Map<number, number>();
  let first202At = 0;
  let next = 0;
  await autocannon({
    url: url.origin,
    connections: Math.min(connections, paths.length),
    amount: paths.length,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        body: body === undefined ? undefined : JSON.stringify(body),
        setupRequest: (request) => ({ ...request, path: `${url.pathname}${paths[next++]}` }),
        onResponse: (status) => {
          if (status === 202 && first202At === 0) first202At = Date.now();
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  return { statuses, first202At };
}
