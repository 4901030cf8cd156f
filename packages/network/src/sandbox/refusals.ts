import { classifyLinkedInError } from '../linkedin/classify-error.js';
import type { NetworkError } from '../network-error.js';

/**
 * The refusals the sandbox can be told to give a member's next publication (`lps sandbox
 * fail-next`, the sandbox's page: decision 0038). Each is LinkedIn's own answer to a post
 * creation — its status and its body as LinkedIn writes it (shared/notes/linkedin-api.md,
 * "Errors and retries") — turned into an error by the LinkedIn client's own
 * `classifyLinkedInError`, so the publisher meets exactly what it meets on LinkedIn: the
 * same retries, the same permanent failures, the same disconnection on a 401.
 */
export const SANDBOX_REFUSAL_KINDS = ['expired_token', 'access_denied', 'duplicate', 'too_long', 'throttled', 'server_error'] as const;
export type SandboxRefusalKind = (typeof SANDBOX_REFUSAL_KINDS)[number];

export interface SandboxRefusal {
  kind: SandboxRefusalKind;
  /** A control's name for it. */
  label: string;
  /** What LinkedIn answers and what lps then does, in words. */
  description: string;
  /** Every attempt of the publication meets it (retryable answers), not only the first. */
  lastsThePublication: boolean;
}

export const SANDBOX_REFUSALS: readonly SandboxRefusal[] = [
  {
    kind: 'expired_token',
    label: 'Expired token',
    description: "LinkedIn answers 401 EXPIRED_ACCESS_TOKEN: the publication fails and the member's connection is ended (connection.revoked); sign in again, then retry.",
    lastsThePublication: false,
  },
  {
    kind: 'access_denied',
    label: 'Access denied',
    description: 'LinkedIn answers 403 ACCESS_DENIED ("Not enough permissions"): the publication fails for good at once.',
    lastsThePublication: false,
  },
  {
    kind: 'duplicate',
    label: 'Duplicate post',
    description:
      'LinkedIn answers 422 DUPLICATE_POST naming an older post that is not this publication’s: the publication fails for good, naming that post; change the text, then retry.',
    lastsThePublication: false,
  },
  {
    kind: 'too_long',
    label: 'Text too long',
    description: 'LinkedIn answers 400 FIELD_LENGTH_TOO_LONG for the commentary: the publication fails for good at once.',
    lastsThePublication: false,
  },
  {
    kind: 'throttled',
    label: 'Throttled',
    description:
      'LinkedIn answers 429 Too Many Requests to every attempt: lps retries with backoff, then fails for good. (LinkedIn’s daily-quota answer would instead make the publication wait for midnight UTC.)',
    lastsThePublication: true,
  },
  {
    kind: 'server_error',
    label: 'Server error',
    description: 'LinkedIn answers 500 to every attempt: lps retries with backoff until its attempts run out, then fails for good.',
    lastsThePublication: true,
  },
];

export const isSandboxRefusalKind = (value: unknown): value is SandboxRefusalKind => (SANDBOX_REFUSAL_KINDS as readonly unknown[]).includes(value);

const DAY_MS = 86_400_000;

/**
 * A post URN LinkedIn could name that is not this publication's: its id carries a creation
 * time a year back (LinkedIn ids hold their time above the lowest 22 bits), before any post
 * being published now was written, so the publisher never adopts it, and `lps post attach`
 * refuses it for the same reason.
 */
export const olderPostUrn = (now: Date): string => `urn:li:share:${(BigInt(now.getTime() - 365 * DAY_MS) << 22n).toString()}`;

/** LinkedIn's answer to the post creation: status and body, as its API writes them. */
export function refusalAnswer(kind: SandboxRefusalKind, now = new Date()): { status: number; body: string } {
  const answer = (status: number, body: Record<string, unknown>) => ({ status, body: JSON.stringify({ status, ...body }) });
  switch (kind) {
    case 'expired_token':
      return answer(401, { serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' });
    case 'access_denied':
      return answer(403, { serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20260101' });
    case 'duplicate': {
      const urn = olderPostUrn(now);
      return answer(422, {
        message: `ERROR :: /commentary :: Content is a duplicate of ${urn}`,
        errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST', description: `Content is a duplicate of ${urn}`, input: { inputPath: { fieldPath: '/commentary' } } }] },
      });
    }
    case 'too_long':
      return answer(400, { code: 'FIELD_LENGTH_TOO_LONG', message: '/commentary :: length exceeds 3000' });
    case 'throttled':
      return answer(429, { message: 'Too Many Requests' });
    case 'server_error':
      return answer(500, { message: 'Internal Server Error' });
  }
}

/** The refusal as the publisher meets it: the LinkedIn client's own classification of LinkedIn's answer. */
export function refusalError(kind: SandboxRefusalKind, now = new Date()): NetworkError {
  const { status, body } = refusalAnswer(kind, now);
  return classifyLinkedInError(status, body);
}

/** How many more attempts of the same publication a refusal meets after the first: the publisher's attempts for a lasting one. */
export const attemptsAfterFirst = (kind: SandboxRefusalKind, publishAttempts: number): number =>
  SANDBOX_REFUSALS.find((refusal) => refusal.kind === kind)?.lastsThePublication ? Math.max(0, publishAttempts - 1) : 0;
