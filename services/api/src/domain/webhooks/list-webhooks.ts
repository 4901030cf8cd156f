import { endpointToWire } from '@lps/db';
import type { Needs } from '../deps.js';

export async function listWebhooks({ repos }: Needs<'readEndpoints'>, memberId: string) {
  return { data: (await repos.readEndpoints(memberId)).map(endpointToWire) };
}
