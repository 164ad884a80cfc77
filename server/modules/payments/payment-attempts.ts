/**
 * Payment attempts (payment_attempts): a subscription charge or a refund is written down before
 * the processor is asked, under the key the processor gets as its idempotency key, and the row is
 * removed in the transaction that records what the processor did. So a charge or refund whose
 * answer was lost (the server stopped, a write failed, the processor did not answer) is never lost
 * to the books: once the attempt is older than PAYMENT_ATTEMPT.expiresMs no call of it is still
 * on its way, and a settler asks the processor what it did under the key (the subscriptions
 * service for charges, the ledger for refunds; renewals.ts runs them). The attempt is taken over
 * first (its claimed_at pushed to now), so two settlers, or a settler and a retry, never both act
 * on it: each write that ends it names the claimed_at it took.
 */
import { and, asc, eq, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PROCESSOR_CALL_MAX_MS } from './processors/types';
import { paymentAttempts } from './tables';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type NewAttempt = Omit<typeof paymentAttempts.$inferInsert, 'id' | 'claimedAt' | 'createdAt'>;

/**
 * An attempt asks the processor right after it is written (a renewal: after the one write that
 * claims its period), and that call, retries included, is over PROCESSOR_CALL_MAX_MS later; two
 * minutes more for the clocks of two servers.
 */
export const PAYMENT_ATTEMPT = { expiresMs: PROCESSOR_CALL_MAX_MS + 2 * 60_000 };

/** Writes the attempt (in the caller's transaction, with what it reserves); null when its key has one. */
export async function startAttempt(tx: DbOrTx, attempt: NewAttempt, now: number): Promise<AttemptRow | null> {
  const [row] = await tx
    .insert(paymentAttempts)
    .values({ ...attempt, claimedAt: new Date(now), createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function attemptByKey(db: DbOrTx, attemptKey: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.attemptKey, attemptKey));
  return row ?? null;
}

/** The attempt as long as `attempt`'s holder still holds it. */
const held = (attempt: AttemptRow) =>
  and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.claimedAt, attempt.claimedAt));

/** Takes the attempt over (a settler, or a retry of its request); null when another did first. */
export async function takeOver(db: DbOrTx, attempt: AttemptRow, now: number): Promise<AttemptRow | null> {
  const [taken] = await db
    .update(paymentAttempts)
    .set({ claimedAt: new Date(now) })
    .where(held(attempt))
    .returning();
  return taken ?? null;
}

/** Ends the attempt in the transaction that records its outcome; false when it is no longer this holder's. */
export async function endAttempt(tx: DbOrTx, attempt: AttemptRow): Promise<boolean> {
  const ended = await tx.delete(paymentAttempts).where(held(attempt)).returning({ id: paymentAttempts.id });
  return ended.length > 0;
}

/** The attempts of this kind whose every call is over: what the processor did is asked now. */
export function expiredAttempts(db: DbOrTx, now: number, kinds: SQL): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(kinds, lt(paymentAttempts.claimedAt, new Date(now - PAYMENT_ATTEMPT.expiresMs))))
    .orderBy(asc(paymentAttempts.claimedAt))
    .limit(100);
}
