import type { Member, NetworkConnection } from '../../generated/prisma/client.js';
import { connectionFromJson, type ConnectionJson } from './post-row.js';

/** A `members` row as pg returns it, with its network connection read through `to_jsonb` in the same statement. */
export interface MemberRow {
  id: string;
  display_name: string | null;
  headline: string | null;
  company_name: string | null;
  created_at: Date;
  updated_at: Date;
  connection: ConnectionJson | null;
}

/** The one snake_case → `Member` (with its connection, as `findMember` includes it) mapping for plain SQL. */
export const memberFromRow = (row: MemberRow): Member & { networkConnection: NetworkConnection | null } => ({
  id: row.id,
  displayName: row.display_name,
  headline: row.headline,
  companyName: row.company_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  networkConnection: row.connection ? connectionFromJson(row.connection) : null,
});
