import type { Member, NetworkConnection } from '../generated/prisma/client.js';

/** Connected means: a live connection to the network this service is configured for. */
export const isNetworkConnected = (connection: NetworkConnection | null | undefined, network: 'sandbox' | 'linkedin'): boolean =>
  Boolean(connection && connection.provider === network && connection.connectedAt && !connection.disconnectedAt);

export const memberToWire = (member: Member & { networkConnection: NetworkConnection | null }, network: 'sandbox' | 'linkedin') => ({
  id: member.id,
  display_name: member.displayName,
  headline: member.headline,
  company_name: member.companyName,
  network_connected: isNetworkConnected(member.networkConnection, network),
});

export type WireMember = ReturnType<typeof memberToWire>;
