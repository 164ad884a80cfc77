/**
 * The `passkeys` table as its owner sees it (list, rename, delete), and how accounts are named
 * to authenticators. Only the owner's rows exist for a caller.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { PasskeySummary } from '../../../src/domain/schemas/passkey';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema';

/**
 * The WebAuthn user handle of an account: its id as UTF-8. Opaque (no email or name), stable,
 * so an authenticator keeps one passkey per account, and echoed back on discoverable sign-in.
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

export function userIdOfHandle(userHandle: string): string {
  return Buffer.from(userHandle, 'base64url').toString('utf8');
}

export function toSummary(row: typeof passkeys.$inferSelect): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** One page of the user's passkeys, oldest first, and how many there are. */
export async function listPasskeys(db: Db, userId: string, page: number, perPage: number) {
  const mine = eq(passkeys.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(passkeys)
      .where(mine)
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(passkeys).where(mine),
  ]);
  return { rows: rows.map(toSummary), total: total?.n ?? 0 };
}

/** The renamed passkey, or null when the user has no such passkey. */
export async function renamePasskey(
  db: Db,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<PasskeySummary | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  return row ? toSummary(row) : null;
}

/** False when the user has no such passkey. */
export async function deletePasskey(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}
