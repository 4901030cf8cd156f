import { notFound } from '@lps/common';
import { SANDBOX_REFUSALS, SandboxNetwork, type SandboxRefusalKind } from '@lps/network';
import type { Needs } from '@lps/api';

/** The simulated network, or 404: with LPS_NETWORK=linkedin there is no sandbox to switch. */
function sandboxOf({ clients }: Needs<never, 'clients'>): SandboxNetwork {
  if (!(clients.network instanceof SandboxNetwork)) throw notFound('sandbox (this lps publishes on LinkedIn)');
  return clients.network;
}

/** GET /dashboard/api/sandbox: the refusal waiting for the member's next publication, and every kind the sandbox's page offers. */
export async function sandboxSwitch(deps: Needs<never, 'clients'>, memberId: string) {
  const network = sandboxOf(deps);
  return {
    armed: (await network.armedRefusal(memberId)) ?? null,
    kinds: SANDBOX_REFUSALS.map(({ kind, label, description }) => ({ kind, label, description })),
  };
}

/**
 * POST /dashboard/api/sandbox/fail-next (decision 0038): the member's next publication is refused
 * with this LinkedIn error, once — the dashboard's twin of `lps sandbox fail-next`. DELETE takes it back.
 */
export async function armSandboxRefusal(deps: Needs<never, 'clients'>, memberId: string, kind: SandboxRefusalKind | null): Promise<void> {
  const network = sandboxOf(deps);
  if (kind) await network.armRefusal(memberId, kind);
  else await network.disarmRefusal(memberId);
}
