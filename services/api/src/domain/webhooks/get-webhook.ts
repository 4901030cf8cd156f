import { notFound } from '@lps/common';
import type { Needs } from '../deps.js';

export async function getWebhook({ repos }: Needs<'findOwnedEndpoint'>, memberId: string, id: string) {
  const endpoint = await repos.findOwnedEndpoint(memberId, id);
  if (!endpoint) throw notFound('webhook endpoint');
  return endpoint;
}
