/**
 * A bot's settings are saved from three forms (the bot, its prompt, its parameters), by a domain's
 * owners or by ADMIN for the platform's bot, and two tabs saved over each other without a word.
 * A save that names the version it was made from (its `updatedAt`, or null for the defaults:
 * src/domain/chat/rules.ts) is written only if the stored settings are still that version,
 * checked under the row's lock; otherwise 409 (botSettingsChangedMeanwhile) and nothing is
 * written. A save that names none is written as before (API scripts, the demo seed).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../../src/domain/messages';
import { sameVersion } from '../../../src/domain/resources/version';
import type { Db, DbOrTx } from '../../db/client';
import { conflict } from '../../http/errors';

/** How one table's bot row is read and written: the chat_bots row of a domain, or chat_platform_bot. */
export interface BotRowIo<Row> {
  /** The stored version, the row locked until the transaction ends; undefined: no row (the defaults). */
  lockedVersion(tx: DbOrTx): Promise<Date | undefined>;
  /** The first save's insert; undefined when another first save made the row meanwhile. */
  insertFirst(tx: DbOrTx): Promise<Row | undefined>;
  /** Insert or update, the version moved on (nextBotVersion). */
  upsert(tx: DbOrTx): Promise<Row>;
}

/**
 * The row's new `updatedAt`: now, but always after the one it replaces, so two saves within one
 * millisecond (or under a test's fixed clock) still leave two versions apart.
 */
export const nextBotVersion = (column: PgColumn, now: Date): SQL<Date> =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${column} + interval '1 millisecond')`;

export async function versionedSave<Row>(db: Db, seen: string | null | undefined, io: BotRowIo<Row>): Promise<Row> {
  if (seen === undefined) return io.upsert(db);
  return db.transaction(async (tx) => {
    const stored = await io.lockedVersion(tx);
    const current = stored === undefined ? seen === null : seen !== null && sameVersion(stored, seen);
    if (!current) throw conflict(MESSAGES.botSettingsChangedMeanwhile);
    if (stored !== undefined) return io.upsert(tx);
    // No row yet: two first saves both read none; the second's insert finds the first's row.
    const made = await io.insertFirst(tx);
    if (!made) throw conflict(MESSAGES.botSettingsChangedMeanwhile);
    return made;
  });
}
