/**
 * A declared record's version is its `updatedAt` (src/domain/resources/version.ts): an edit that
 * names the version it was made from is written only if the row still has it, checked under the
 * row's lock so a save landing in between is waited for, then seen.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { sameVersion } from '../../src/domain/resources/version';
import type { DbOrTx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import type { ResourceTable } from './table';

/**
 * A change's new `updatedAt`: now, but always after the one it replaces, so two saves within one
 * millisecond (or under a test's fixed clock) still leave two versions apart.
 */
export const nextVersion = (table: ResourceTable, now: number): SQL<Date> =>
  sql<Date>`greatest(${new Date(now).toISOString()}::timestamptz, ${table.updatedAt!} + interval '1 millisecond')`;

/** 409 unless the stored version is the one the editor saw (nothing seen: nothing to compare). */
export function assertVersion(stored: unknown, seen: string | undefined) {
  if (seen === undefined) return;
  if (!(stored instanceof Date || typeof stored === 'string') || !sameVersion(stored, seen))
    throw conflict(MESSAGES.recordChangedMeanwhile);
}

/**
 * Locks the record's row until the transaction ends and checks its version: a concurrent save
 * holds the lock until it commits, and this one then reads the version that save wrote. A row
 * deleted meanwhile answers 404, as it would have a moment later.
 */
export async function lockVersion(tx: DbOrTx, table: ResourceTable, id: string, seen: string | undefined) {
  if (seen === undefined) return;
  const [row] = await tx.select({ updatedAt: table.updatedAt! }).from(table).where(eq(table.id!, id)).for('update');
  if (!row) throw notFound();
  assertVersion(row.updatedAt, seen);
}
