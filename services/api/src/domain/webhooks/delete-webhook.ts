import { notFound } from '@lps/common';
import { deleteOwnedEndpoint } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';

export async function deleteWebhook({ runtime }: UseCaseDeps, memberId: string, id: string): Promise<void> {
  if (!(await deleteOwnedEndpoint(runtime.db, memberId, id))) throw notFound('webhook endpoint');
}
