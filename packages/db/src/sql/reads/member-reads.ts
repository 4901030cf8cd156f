import type { Sql } from '../../client.js';
import type { Member, NetworkConnection } from '../../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import { memberFromRow, type MemberRow } from '../rows/member-row.js';
import { groupedLookup } from './grouped-lookup.js';

const member = groupedLookup<string, MemberRow, Member & { networkConnection: NetworkConnection | null }>({
  keyOf: (id) => id.toLowerCase(),
  runMany: async (sql, ids) =>
    (
      await runPrepared<MemberRow & { lookup_key: string }>(
        sql,
        'lps-read-members',
        `SELECT m.*, to_jsonb(c) AS connection, m.id::text AS lookup_key
           FROM members m LEFT JOIN network_connections c ON c.member_id = m.id WHERE m.id = ANY($1::uuid[])`,
        [ids],
      )
    ).rows,
  map: memberFromRow,
});

/** GET /me's one read: the member with their network connection (what `findMember` returns), or null. Grouped like post lookups. */
export const readMember = (sql: Sql, id: string) => member(sql, id);
