import type { ApiKeyScope } from '../generated/prisma/client.js';

export interface ApiKeyRow {
  id: string;
  name: string | null;
  last4: string;
  scope: ApiKeyScope;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What a member (the dashboard) or an operator (`lps key list`) sees of a key: never the key or its hash. */
export const apiKeyToWire = (key: ApiKeyRow) => ({
  id: key.id,
  name: key.name,
  last4: key.last4,
  scope: key.scope,
  created_at: key.createdAt.toISOString(),
  last_used_at: key.lastUsedAt?.toISOString() ?? null,
  expires_at: key.expiresAt?.toISOString() ?? null,
  revoked_at: key.revokedAt?.toISOString() ?? null,
});
