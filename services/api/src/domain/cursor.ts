import { validationError } from '@lps/common';
import { signToken, verifyToken, type Keyring } from '@lps/crypto';
import type { KeysetPosition } from '@lps/db';

/** Cursors are signed (tamper-evident) and opaque: base64url JSON of the last row's position. */
export const encodeCursor = (keyring: Keyring, position: KeysetPosition): string => signToken({ t: position.createdAt.toISOString(), i: position.id }, keyring.deriveKey('cursor'));

export function decodeCursor(keyring: Keyring, cursor: string): KeysetPosition {
  const payload = verifyToken<{ t?: unknown; i?: unknown }>(cursor, keyring.deriveKey('cursor'));
  const createdAt = typeof payload?.t === 'string' ? new Date(payload.t) : undefined;
  if (!payload || !createdAt || Number.isNaN(createdAt.getTime()) || typeof payload.i !== 'string') {
    throw validationError({ cursor: 'unknown or tampered cursor; pass back page.next_cursor unchanged' });
  }
  return { createdAt, id: payload.i };
}
