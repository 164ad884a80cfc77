/**
 * Numbers assigned on save (ResourceDeclaration.numbering). A create takes the business's next
 * counter value inside the insert's own transaction: `UPDATE record_counters … RETURNING` locks the
 * counter row until the transaction ends, so concurrent creates queue on it and each gets the next
 * value, and a create that fails rolls its value back — numbers are unique and gapless on PGlite
 * and on PostgreSQL. Settings screens read and change the pattern and next value through
 * counterOf / setCounter; the engine owns the table (server/db/tables/resources.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { businesses, recordCounters } from '../db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { formatRecordNumber } from '../../src/domain/resources/numbering';
import { isLocked, lockedMessage } from '../../src/domain/resources/record-rules';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { zonedDay } from '../../src/domain/venue/opening-hours';
import { conflict } from '../http/errors';
import type { ResourceTable } from './table';

type Numbering = NonNullable<ResourceDeclaration['numbering']>;

/** A business's counter as settings show it (the declaration's default until it has a row). */
export async function counterOf(db: DbOrTx, numbering: Numbering, businessId: string) {
  const [row] = await db
    .select({ pattern: recordCounters.pattern, nextValue: recordCounters.nextValue })
    .from(recordCounters)
    .where(and(eq(recordCounters.businessId, businessId), eq(recordCounters.counter, numbering.counter)));
  return row ?? { pattern: numbering.pattern, nextValue: 1 };
}

/** Stores a business's pattern and next value (checked by the caller: isValidNumberPattern, ≥ 1). */
export async function setCounter(
  db: DbOrTx,
  numbering: Numbering,
  businessId: string,
  value: { pattern: string; nextValue: number },
  now: number,
) {
  await db
    .insert(recordCounters)
    .values({ businessId, counter: numbering.counter, ...value, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [recordCounters.businessId, recordCounters.counter],
      set: { ...value, updatedAt: new Date(now) },
    });
}

/**
 * The next number for a new record of `businessId`, inside the caller's transaction. A number
 * already taken (edited into an older record) is passed over, so the insert never fails on it.
 */
export async function takeNumber(
  tx: DbOrTx,
  resource: ResourceDeclaration,
  table: ResourceTable,
  businessId: string,
  now: number,
): Promise<string> {
  const numbering = resource.numbering!;
  // The row exists before it is locked: a first create of a business inserts it (a concurrent
  // first create waits for this one's commit, then finds the row).
  await tx
    .insert(recordCounters)
    .values({ businessId, counter: numbering.counter, pattern: numbering.pattern, nextValue: 1 })
    .onConflictDoNothing();
  const [business] = await tx
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const year = Number(zonedDay(now, business?.timeZone ?? 'America/New_York').slice(0, 4));
  for (;;) {
    const [taken] = await tx
      .update(recordCounters)
      .set({ nextValue: sql`${recordCounters.nextValue} + 1` })
      .where(and(eq(recordCounters.businessId, businessId), eq(recordCounters.counter, numbering.counter)))
      .returning({ value: recordCounters.nextValue, pattern: recordCounters.pattern });
    const number = formatRecordNumber(taken!.pattern, taken!.value - 1, year);
    const [used] = await tx
      .select({ id: table.id! })
      .from(table)
      .where(and(eq(table.businessId!, businessId), eq(table[numbering.field]!, number)))
      .limit(1);
    if (!used) return number;
  }
}

/**
 * Gives back the numbers of records being deleted, inside the delete's transaction, for a
 * declaration with `numbering.giveBackOnDelete` (invoices): the counter steps back over each
 * deleted record that holds its last number (the newest draft, then the one before it when both
 * go), so the next create takes that number again and the numbers stay gapless. A record whose
 * number is not the last one (an older draft, a number edited by hand, a pattern changed since)
 * would leave a gap: the delete is refused with the declaration's message instead, and nothing is
 * deleted. The counter's row is locked first, so a create waits for the delete (and the delete for
 * a create); the records are locked and read again, so one closed meanwhile (an invoice sent while
 * its delete was on its way) is refused with its locked message, as assertDeletable refuses it.
 */
export async function giveBackNumbers(
  tx: DbOrTx,
  resource: ResourceDeclaration,
  table: ResourceTable,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const numbering = resource.numbering;
  if (!numbering?.giveBackOnDelete || !rows.length) return;
  const refusal = MESSAGES[numbering.giveBackOnDelete];
  const byBusiness = new Map<string, string[]>();
  for (const row of rows) {
    const businessId = String(row.businessId);
    byBusiness.set(businessId, [...(byBusiness.get(businessId) ?? []), row.id as string]);
  }
  for (const [businessId, ids] of byBusiness) {
    const [counter] = await tx
      .select({ pattern: recordCounters.pattern, nextValue: recordCounters.nextValue })
      .from(recordCounters)
      .where(and(eq(recordCounters.businessId, businessId), eq(recordCounters.counter, numbering.counter)))
      .for('update');
    const fresh = await tx.select().from(table).where(inArray(table.id!, ids)).for('update');
    const closed = fresh.find((row) => isLocked(resource, row));
    if (closed) throw conflict(lockedMessage(resource, closed));
    if (!counter) throw conflict(refusal);
    const [business] = await tx
      .select({ timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    // The year the number was taken in: its record's creation, in the business's time zone (takeNumber).
    const yearOf = (row: Record<string, unknown>) =>
      Number(zonedDay((row.createdAt as Date).getTime(), business?.timeZone ?? 'America/New_York').slice(0, 4));
    let next = counter.nextValue;
    const left = [...fresh];
    for (;;) {
      const at = left.findIndex(
        (row) => row[numbering.field] === formatRecordNumber(counter.pattern, next - 1, yearOf(row)),
      );
      if (at < 0) break;
      left.splice(at, 1);
      next -= 1;
    }
    if (left.length) throw conflict(refusal);
    await tx
      .update(recordCounters)
      .set({ nextValue: next })
      .where(and(eq(recordCounters.businessId, businessId), eq(recordCounters.counter, numbering.counter)));
  }
}
