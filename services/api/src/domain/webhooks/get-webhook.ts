import { notFound } from '@lps/common';
import { findOwnedEndpoint } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';

export async function getWebhook({ runtime }: UseCaseDeps, memberId: string, id: string) {
  const endpoint = await findOwnedEndpoint(runtime.db, memberId, id);
  if (!endpoint) throw notFound('webhook endpoint');
  return endpoint;
}
