/**
 * SMTP delivery, kept in the outbox (the same code on PGlite and PostgreSQL), the webhooks'
 * delivery pattern (server/modules/webhooks/delivery-service.ts): a row is also its job.
 *
 * - A row is claimed before each attempt: its attempt count goes up and `next_attempt_at` moves a
 *   lease ahead, in one statement. The worker's claim takes due rows with FOR UPDATE SKIP LOCKED
 *   (another process takes other rows); send()'s row is claimed as it is written; a batch's rows
 *   (written in the caller's transaction with a grace before they are due) are claimed by the
 *   caller's deliver() only while no attempt has started. So one attempt at a time, whatever
 *   the number of processes.
 * - SMTP is called outside any transaction, then the result is written: sent (the bytes are let
 *   go), or the error and the next try after a back-off, or — the last attempt failed — failed.
 * - A process that dies mid-attempt leaves the row claimed: once its lease has run out any
 *   worker takes it again (that attempt counted). A mail SMTP accepted just before the crash is
 *   sent twice then: at least once, never lost.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from './tables';

const m = mailOutbox;

/** A batch's fresh rows wait this long for their writer's own deliver() before a worker may take them. */
export const GRACE_MS = 60_000;
/**
 * How long a claimed row is left to its attempt before another may take it: longer than an
 * attempt can last (the transporter's timeouts, smtp.ts).
 */
export const LEASE_MS = 5 * 60_000;
/** Waits after the 1st…4th failed attempt; the 5th failure gives up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Rows one pass of the worker claims at most. */
export const DELIVERY_BATCH = 20;

/** What an attempt needs of a row. */
export interface DeliveryJob {
  id: string;
  to: string;
  fromAddress: string | null;
  raw: string;
  attempts: number;
}

const job = {
  id: m.id,
  to: m.to,
  fromAddress: m.fromAddress,
  raw: sql<string>`${m.raw}`,
  attempts: m.attempts,
};
const awaiting = and(isNull(m.sentAt), isNull(m.failedAt), isNotNull(m.raw), eq(m.transport, 'smtp'));

/** A batch's row, for its writer's deliver(): taken only if no attempt has started (none by a worker). */
export async function claimFresh(db: Db, id: string, now: number): Promise<DeliveryJob | null> {
  const [row] = await db
    .update(m)
    .set({ attempts: sql`${m.attempts} + 1`, nextAttemptAt: new Date(now + LEASE_MS) })
    .where(and(eq(m.id, id), eq(m.attempts, 0), awaiting))
    .returning(job);
  return row ?? null;
}

/**
 * Up to `limit` rows that are due (a grace, a back-off or a dead attempt's lease ran out),
 * claimed. A row whose last attempt never finished (its process died) is given up first.
 */
export async function claimDue(db: Db, now: number, limit: number): Promise<DeliveryJob[]> {
  await db
    .update(m)
    .set({ failedAt: new Date(now), nextAttemptAt: null })
    .where(and(awaiting, gte(m.attempts, MAX_ATTEMPTS), lte(m.nextAttemptAt, new Date(now))));
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(and(awaiting, lte(m.nextAttemptAt, new Date(now))))
    .orderBy(asc(m.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(m)
    .set({ attempts: sql`${m.attempts} + 1`, nextAttemptAt: new Date(now + LEASE_MS) })
    .where(inArray(m.id, due))
    .returning(job);
}

/** The wait before the next attempt after `attempts` failed ones; null: give up. */
export const retryDelay = (attempts: number): number | null => RETRY_DELAYS_MS[attempts - 1] ?? null;

/** Writes an attempt's outcome (`error` null: SMTP accepted it). Answers whether it gave up. */
export async function recordAttempt(db: Db, row: DeliveryJob, error: string | null, now: number): Promise<boolean> {
  const at = new Date(now);
  if (error === null) {
    await db.update(m).set({ sentAt: at, error: null, raw: null, nextAttemptAt: null }).where(eq(m.id, row.id));
    return false;
  }
  const wait = retryDelay(row.attempts);
  await db
    .update(m)
    .set(wait === null ? { error, failedAt: at, nextAttemptAt: null } : { error, nextAttemptAt: new Date(now + wait) })
    .where(eq(m.id, row.id));
  return wait === null;
}
