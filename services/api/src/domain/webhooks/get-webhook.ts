import { notFound } from '@lps/common';
import type { Needs } from '../deps.js';

export async function getWebhook({ repos }: Needs<'readOwnedEndpoint'>, memberId: string, id: string) {
  const endpoint = await repos.readOwnedEndpoint(memberId, id);
  if (!endpoint) throw notFound('webhook endpoint');
  return endpoint;
}
