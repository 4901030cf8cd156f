import { endpointToWire, readEndpoints } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';

export async function listWebhooks({ runtime }: UseCaseDeps, memberId: string) {
  return { data: (await readEndpoints(runtime.sql, memberId)).map(endpointToWire) };
}
