import { signToken, verifyToken } from '@lps/crypto';

/** A sandbox authorization code names who the simulated network signed in, for a few minutes, signed by the service. */
const PURPOSE = 'sandbox-sign-in-code';
const LIFETIME_MS = 5 * 60_000;

export interface SandboxPerson {
  /** The sandbox's identity: `sandbox-member` for the fixed member, `name:<lower-case name>` for a named one. */
  subject: string;
  name: string;
}

interface KeyDeriver {
  deriveKey(purpose: string): Buffer;
}

/** The fixed member of "Continue as a sandbox member". */
export const SANDBOX_MEMBER: SandboxPerson = { subject: 'sandbox-member', name: 'Sandbox member' };

export const NAME_MAX = 100;

/** A person picked by name: the same name (whatever its case and spacing) is the same member. */
export function sandboxPersonNamed(name: string): SandboxPerson | undefined {
  const clean = name.replace(/\s+/g, ' ').trim();
  // eslint-disable-next-line no-control-regex -- names with control characters are refused
  if (clean.length === 0 || clean.length > NAME_MAX || /[\u0000-\u001f\u007f]/.test(clean)) return undefined;
  return { subject: `name:${clean.toLowerCase()}`, name: clean };
}

/** The code is bound to the sign-in's state: it cannot finish another sign-in. */
export const signSandboxCode = (person: SandboxPerson, state: string, keys: KeyDeriver, now = Date.now()): string =>
  signToken({ s: person.subject, n: person.name, t: state, e: now + LIFETIME_MS }, keys.deriveKey(PURPOSE));

export function readSandboxCode(code: string, state: string, keys: KeyDeriver, now = Date.now()): SandboxPerson | undefined {
  const payload = verifyToken<{ s?: unknown; n?: unknown; t?: unknown; e?: unknown }>(code, keys.deriveKey(PURPOSE));
  if (!payload || typeof payload.s !== 'string' || typeof payload.n !== 'string' || payload.t !== state || typeof payload.e !== 'number' || payload.e < now) return undefined;
  return { subject: payload.s, name: payload.n };
}
