import { hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '@lps/crypto';
import type { Needs } from '@lps/api';

/** The member of a one-time link from `lps member sign-in-link`, spending it (once, before it expires); null otherwise. */
export async function spendSignInLink({ repos }: Needs<'spendSignInLink'>, token: string, now = new Date()): Promise<string | null> {
  if (!OPAQUE_TOKEN_PATTERN.test(token)) return null;
  return repos.spendSignInLink(hashOpaqueToken(token), now);
}
