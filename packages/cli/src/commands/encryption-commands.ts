import { Keyring } from '@lps/crypto';
import { listEncryptedColumns, replaceEncryptedValue, valuesUnderOtherKeys, type EncryptedColumn } from '@lps/db';
import type { CommandContext } from './command.js';

const BATCH = 500;

interface ColumnReport {
  table: string;
  column: string;
  reencrypted: number;
  /** Values no key of the keyring opens: dropping a previous key would not lose them, they are lost already. */
  unreadable: number;
}

async function rotateColumn(context: CommandContext, keyring: Keyring, column: EncryptedColumn): Promise<ColumnReport> {
  const report = { ...column, reencrypted: 0, unreadable: 0 };
  let after = '';
  for (;;) {
    const values = await valuesUnderOtherKeys(context.db, column, keyring.currentKeyId, after, BATCH);
    for (const value of values) {
      let plaintext: string;
      try {
        plaintext = keyring.decrypt(value);
      } catch {
        report.unreadable += 1;
        continue;
      }
      report.reencrypted += await replaceEncryptedValue(context.db, column, value, keyring.encrypt(plaintext));
    }
    if (values.length < BATCH) return report;
    after = values[values.length - 1] as string;
  }
}

/**
 * `lps encryption rotate [--json]`: re-encrypts every stored secret (webhook
 * secrets, network tokens) still under a previous key with LPS_ENCRYPTION_KEY,
 * so the previous key can leave LPS_ENCRYPTION_KEYS_PREVIOUS. Safe to run while
 * the service runs and to run again; exits 1 when some value opens with no key.
 */
export async function encryptionRotate(context: CommandContext): Promise<void> {
  const { security } = context.config;
  const keyring = new Keyring(security.encryptionKey, security.previousEncryptionKeys);
  const columns: ColumnReport[] = [];
  for (const column of await listEncryptedColumns(context.db)) columns.push(await rotateColumn(context, keyring, column));
  const reencrypted = columns.reduce((sum, column) => sum + column.reencrypted, 0);
  const unreadable = columns.reduce((sum, column) => sum + column.unreadable, 0);
  if (context.options.json) context.print(JSON.stringify({ key_id: keyring.currentKeyId, reencrypted, unreadable, columns }));
  else {
    for (const column of columns) context.print(`${column.table}.${column.column}: ${column.reencrypted} re-encrypted, ${column.unreadable} unreadable`);
    context.print(`every readable secret is now under key ${keyring.currentKeyId}`);
  }
  if (unreadable > 0) {
    throw new Error(`${unreadable} stored value(s) open with no key given (LPS_ENCRYPTION_KEY, LPS_ENCRYPTION_KEYS_PREVIOUS); they were left as they are`);
  }
}
