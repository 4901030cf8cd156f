import type { Sql } from '../client.js';
import type { Member, NetworkConnection } from '../generated/prisma/client.js';
import { runPrepared } from '../repositories/post-publication.js';
import { memberFromRow, type MemberRow } from '../repositories/member-row.js';

/** GET /me's one read: the member with their network connection (what `findMember` returns), or null. */
export async function readMember(sql: Sql, id: string): Promise<(Member & { networkConnection: NetworkConnection | null }) | null> {
  const result = await runPrepared<MemberRow>(
    sql,
    'lps-read-member',
    `SELECT m.*, to_jsonb(c) AS connection FROM members m LEFT JOIN network_connections c ON c.member_id = m.id WHERE m.id = $1`,
    [id],
  );
  return result.rows[0] === undefined ? null : memberFromRow(result.rows[0]);
}
