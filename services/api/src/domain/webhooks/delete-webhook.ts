import { notFound } from '@lps/common';
import type { Needs } from '../deps.js';

export async function deleteWebhook({ repos }: Needs<'deleteOwnedEndpoint'>, memberId: string, id: string): Promise<void> {
  if (!(await repos.deleteOwnedEndpoint(memberId, id))) throw notFound('webhook endpoint');
}
