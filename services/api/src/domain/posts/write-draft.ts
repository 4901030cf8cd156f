import { randomInt } from 'node:crypto';
import { findTemplate, memberProfileOf, type MemberProfile, type PostDraftRequest } from '@lps/ai';
import { unprocessable } from '@lps/common';
import type { Needs } from '../deps.js';
import { callTextProvider } from '../generation/call-provider.js';

/** Unknown template ids are a content problem, not a shape problem: 422 unprocessable (docs/api.md). */
export function assertKnownTemplate(templateId: string | null | undefined): void {
  if (templateId && !findTemplate(templateId)) {
    throw unprocessable(`unknown template_id "${templateId}"; GET /templates lists the valid ids`, { template_id: 'unknown template' });
  }
}

export async function memberProfile({ repos }: Needs<'findMemberProfile'>, memberId: string): Promise<MemberProfile> {
  return memberProfileOf(await repos.findMemberProfile(memberId));
}

/** A fresh seed per draft, so regenerating gives another draft. */
export const newSeed = (): number => randomInt(2 ** 31);

/**
 * Asks the text provider for a draft. A provider that fails for good is a 503
 * with Retry-After; nothing has been written at that point, so nothing is half-done.
 */
export async function writeDraft({ clients }: Needs<never, 'clients'>, request: Omit<PostDraftRequest, 'seed'> & { seed?: number }): Promise<string> {
  const { body } = await callTextProvider(() => clients.textProvider.writePost({ ...request, seed: request.seed ?? newSeed() }));
  return body;
}
