import type { DbOrTx } from '../client.js';

/** A column holding values encrypted by the keyring: every `*_enc` column of the schema. */
export interface EncryptedColumn {
  table: string;
  column: string;
}

/**
 * Found from the catalogue rather than listed by hand, so a secret column added
 * later is rotated too without anyone remembering to register it here.
 */
export const listEncryptedColumns = (db: DbOrTx): Promise<EncryptedColumn[]> =>
  db.$queryRaw<EncryptedColumn[]>`
    SELECT table_name AS "table", column_name AS "column"
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name LIKE '%\\_enc' AND data_type = 'text'
    ORDER BY table_name, column_name`;

const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/**
 * The next `limit` stored values of a column (in value order, after `after`) not
 * encrypted with `currentKeyId`, the second dot-separated part of a stored value.
 */
export const valuesUnderOtherKeys = async (db: DbOrTx, { table, column }: EncryptedColumn, currentKeyId: string, after: string, limit: number): Promise<string[]> => {
  const rows = await db.$queryRawUnsafe<{ value: string }[]>(
    `SELECT ${quoted(column)} AS value FROM ${quoted(table)}
     WHERE ${quoted(column)} > $2 AND split_part(${quoted(column)}, '.', 2) <> $1
     ORDER BY ${quoted(column)} LIMIT $3`,
    currentKeyId,
    after,
    limit,
  );
  return rows.map((row) => row.value);
};

/**
 * Swaps one stored value for its re-encryption. Matching on the old value (unique:
 * every encryption has its own IV) leaves a value rewritten meanwhile untouched.
 */
export const replaceEncryptedValue = (db: DbOrTx, { table, column }: EncryptedColumn, previous: string, next: string): Promise<number> =>
  db.$executeRawUnsafe(`UPDATE ${quoted(table)} SET ${quoted(column)} = $2 WHERE ${quoted(column)} = $1`, previous, next);
