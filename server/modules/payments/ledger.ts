/**
 * The ledger: the one writer of payment_transactions, payment_refunds and invoices. Subscription
 * charges (new and renewed), payment-link payments, refused attempts and refunds (made here or
 * in the processor's dashboard) are all recorded here, so a movement of money is written one way
 * wherever it comes from. Amounts are integer cents of USD; a card is kept as brand and last 4.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { processorCall, type PaymentsEnv, type Tx } from './deps';
import { newInvoiceNumber } from './invoice-number';
import { refundsOf, transactionOf } from './merchant-queries';
import { attemptByKey, endAttempt, expiredAttempts, startAttempt, takeOver, type AttemptRow } from './payment-attempts';
import {
  AmountError,
  BalanceError,
  CardError,
  type ChargeResult,
  type RefundResult,
  type RefundStatus,
} from './processors/types';
import { invoices, paymentAttempts, paymentRefunds, paymentTransactions } from './tables';

type TxnRow = typeof paymentTransactions.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

/** What a payment is for and who made it: the parts of a transaction that differ between callers. */
export interface PaymentRecord {
  kind: 'subscription' | 'payment_link';
  description: string;
  /** The amount asked; a captured charge records what was captured. */
  amountCents: number;
  /** The business that receives the money (payment links); null for the platform's own income. */
  businessId?: string | null;
  payerUserId?: string | null;
  subscriptionId?: string | null;
  paymentLinkId?: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  payerName?: string | null;
  payerEmail?: string | null;
  /** When it happened (app clock); defaults to now. */
  at?: number;
}

export interface InvoiceInput {
  userId: string;
  subscriptionId: string;
  /** The captured charge the invoice is for: amount and card come from it. */
  transaction: TxnRow;
  description: string;
  periodStart: Date;
  periodEnd: Date;
}

export interface RefundInput {
  transactionId: string;
  /** The caller's business (null for an administrator): another business's transaction is not found. */
  tenant: string | null;
  /** Cents; the whole remaining amount when left out. */
  amountCents?: number;
  reason?: string;
  by: string;
  idempotencyKey: string;
  log: FastifyBaseLogger;
}

/** What a refund's attempt keeps to be recorded or settled. */
interface RefundAttemptData {
  chargeId: string;
  reason: string | null;
}

type RefundDone = { refund: RefundRow; transaction: TxnRow; refunds: RefundRow[] };

/**
 * A refunded transaction's status, from its refunds: 'refund_pending' while the processor holds
 * one of them (it is not refunded until the processor confirms it), else refunded, partly
 * refunded or paid by the cents refunded (refunded_cents: refunds made and held). Written by name:
 * inside the subquery an unqualified column would be payment_refunds' own.
 */
const statusFromRefunds = sql.raw(`case
  when exists (select 1 from payment_refunds r where r.transaction_id = payment_transactions.id and r.status = 'pending')
    then 'refund_pending'
  when payment_transactions.refunded_cents >= payment_transactions.amount_cents then 'refunded'
  when payment_transactions.refunded_cents > 0 then 'partially_refunded'
  else 'succeeded' end`);

/** A transaction part of whose money may still go back (a held refund's amount stays reserved). */
const REFUNDABLE = new Set(['succeeded', 'partially_refunded', 'refund_pending']);

export class Ledger {
  constructor(private readonly env: PaymentsEnv) {}

  private row(record: PaymentRecord) {
    return {
      businessId: record.businessId ?? null,
      payerUserId: record.payerUserId ?? null,
      kind: record.kind,
      subscriptionId: record.subscriptionId ?? null,
      paymentLinkId: record.paymentLinkId ?? null,
      description: record.description,
      amountCents: record.amountCents,
      processor: this.env.processor.name,
      cardBrand: record.cardBrand,
      cardLast4: record.cardLast4,
      payerName: record.payerName ?? null,
      payerEmail: record.payerEmail ?? null,
      createdAt: new Date(record.at ?? this.env.now()),
    };
  }

  /** A captured charge, written in the caller's database transaction with what goes with it. */
  async recordCharge(tx: Tx, record: PaymentRecord, charge: ChargeResult): Promise<TxnRow> {
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        ...this.row(record),
        amountCents: charge.capturedCents,
        status: 'succeeded',
        processorChargeId: charge.id,
      })
      .returning();
    return row!;
  }

  /** A refused attempt stays in the history (status 'failed') with the issuer's reason. */
  async recordRefusal(record: PaymentRecord, error: CardError): Promise<void> {
    await this.env.db
      .insert(paymentTransactions)
      .values({ ...this.row(record), status: 'failed', failureCode: error.code, failureMessage: error.message });
  }

  /**
   * A charge made for a subscription that was never written (its server stopped, or the write
   * failed): on the books as a payment, and as its refund, since nothing was bought with it.
   */
  async recordVoidedCharge(tx: Tx, record: PaymentRecord, charge: ChargeResult, refund: RefundResult): Promise<void> {
    const row = await this.recordCharge(tx, record, charge);
    await tx
      .update(paymentTransactions)
      .set({ refundedCents: refund.amountCents })
      .where(eq(paymentTransactions.id, row.id));
    await tx.insert(paymentRefunds).values({
      transactionId: row.id,
      amountCents: refund.amountCents,
      status: refund.status,
      processorRefundId: refund.id,
      reason: 'The subscription was not started',
      createdBy: null,
      createdAt: new Date(this.env.now()),
    });
    await tx.update(paymentTransactions).set({ status: statusFromRefunds }).where(eq(paymentTransactions.id, row.id));
  }

  /** The invoice of a paid subscription period, in the transaction that recorded the charge. */
  async issueInvoice(tx: Tx, input: InvoiceInput): Promise<void> {
    const { transaction } = input;
    await tx.insert(invoices).values({
      userId: input.userId,
      number: newInvoiceNumber(transaction.createdAt.getTime()),
      subscriptionId: input.subscriptionId,
      transactionId: transaction.id,
      description: input.description,
      amountCents: transaction.amountCents,
      status: 'paid',
      cardBrand: transaction.cardBrand,
      cardLast4: transaction.cardLast4,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      createdAt: transaction.createdAt,
    });
  }

  /**
   * Refunds part or all of what is left of a transaction, never more. The amount is reserved on
   * the transaction (one conditional UPDATE: two refunds racing cannot together exceed what was
   * captured) together with the refund's attempt, before the processor is asked under the
   * attempt's key. A refusal gives the reservation back; so does a call that got no answer when
   * the processor then says it made no refund under the key; a refund it made is recorded however
   * its answer came. When it cannot tell, the attempt keeps the reservation until it is settled
   * (settleExpiredRefunds). A retry of the same request (its Idempotency-Key) asks again under the
   * same key, so the processor answers the refund it made instead of making a second.
   */
  async refund(input: RefundInput): Promise<RefundDone> {
    const { db } = this.env;
    let txn = await transactionOf(db, input.tenant, input.transactionId);
    if (!txn) throw notFound();
    // A refund of this transaction whose server stopped holds part of it: settled first, so what
    // is left to refund is what really is.
    if (await this.settleExpiredRefunds(input.log, eq(paymentAttempts.transactionId, txn.id))) {
      txn = (await transactionOf(db, input.tenant, input.transactionId))!;
    }
    const attempt = await this.refundAttempt(txn, input, `refund:${input.idempotencyKey}`);
    return this.askRefund(attempt, input.log);
  }

  /** The attempt of this refund: the one its earlier run left (the same key), or a new one with its reservation. */
  private async refundAttempt(txn: TxnRow, input: RefundInput, attemptKey: string): Promise<AttemptRow> {
    const { db } = this.env;
    const now = this.env.now();
    const earlier = await attemptByKey(db, attemptKey);
    if (earlier) {
      if (earlier.kind !== 'refund' || earlier.transactionId !== txn.id) {
        throw conflict(MESSAGES.idempotencyKeyReused, { 'Idempotency-Key': MESSAGES.idempotencyKeyReused });
      }
      const taken = await takeOver(db, earlier, now);
      if (!taken) throw conflict(MESSAGES.idempotencyInProgress);
      return taken;
    }
    if (!REFUNDABLE.has(txn.status) || !txn.processorChargeId) {
      throw conflict(MESSAGES.refundNotAllowed);
    }
    const remaining = txn.amountCents - txn.refundedCents;
    const amount = input.amountCents ?? remaining;
    if (amount <= 0 || amount > remaining)
      throw badRequest(MESSAGES.refundTooLarge, { amount: MESSAGES.refundTooLarge });
    const data: RefundAttemptData = { chargeId: txn.processorChargeId, reason: input.reason || null };
    const attempt = await db.transaction(async (tx) => {
      const [reserved] = await tx
        .update(paymentTransactions)
        .set({ refundedCents: sql`${paymentTransactions.refundedCents} + ${amount}` })
        .where(
          and(
            eq(paymentTransactions.id, txn.id),
            sql`${paymentTransactions.refundedCents} + ${amount} <= ${paymentTransactions.amountCents}`,
          ),
        )
        .returning({ id: paymentTransactions.id });
      if (!reserved) return null;
      const row = await startAttempt(
        tx,
        { kind: 'refund', attemptKey, userId: input.by, transactionId: txn.id, amountCents: amount, data },
        now,
      );
      // The same request began meanwhile: this reservation is rolled back.
      if (!row) throw conflict(MESSAGES.idempotencyInProgress);
      return row;
    });
    if (!attempt) throw badRequest(MESSAGES.refundTooLarge, { amount: MESSAGES.refundTooLarge });
    return attempt;
  }

  private async askRefund(attempt: AttemptRow, log: FastifyBaseLogger): Promise<RefundDone> {
    const { processor } = this.env;
    const { chargeId } = attempt.data as RefundAttemptData;
    let result: RefundResult;
    try {
      result = await processor.refund({
        chargeId,
        amountCents: attempt.amountCents,
        idempotencyKey: attempt.attemptKey,
      });
    } catch (error) {
      if (error instanceof AmountError || error instanceof BalanceError || error instanceof CardError) {
        // Refused: nothing was refunded.
        await this.releaseRefund(attempt);
        return processorCall(log, () => Promise.reject(error));
      }
      // No answer: the refund may still have been made. The processor is asked under the key.
      const found = await processor.findRefund(chargeId, attempt.attemptKey).catch(() => undefined);
      log.warn(
        {
          transactionId: attempt.transactionId,
          error: (error as Error).name,
          found: found === undefined ? 'unknown' : !!found,
        },
        'a refund got no answer from the processor',
      );
      if (found === undefined) throw new HttpError(503, MESSAGES.refundUnconfirmed);
      if (!found) {
        await this.releaseRefund(attempt);
        throw new HttpError(503, MESSAGES.refundNotMade);
      }
      result = found;
    }
    const done = await this.recordRefund(attempt, result);
    // Taken over by a settler meanwhile (this server stalled past the attempt's bound): it records this refund.
    if (!done) throw conflict(MESSAGES.idempotencyInProgress);
    return done;
  }

  /** A refund the processor made, recorded in the transaction that ends its attempt; null when the attempt is no longer this holder's. */
  private async recordRefund(attempt: AttemptRow, result: RefundResult): Promise<RefundDone | null> {
    const { db } = this.env;
    const data = attempt.data as RefundAttemptData;
    const transactionId = attempt.transactionId!;
    const done = await db.transaction(async (tx) => {
      if (!(await endAttempt(tx, attempt))) return null;
      // The processor answered a refund already recorded (a retry of a request whose refund was
      // settled meanwhile, under the same key): it is that refund, and this reservation goes back.
      const [known] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.processorRefundId, result.id));
      if (known) {
        const [txn] = await tx
          .update(paymentTransactions)
          .set({ refundedCents: sql`${paymentTransactions.refundedCents} - ${attempt.amountCents}` })
          .where(eq(paymentTransactions.id, transactionId))
          .returning();
        return { refund: known, transaction: txn! };
      }
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({
          transactionId,
          amountCents: attempt.amountCents,
          // 'pending': the processor holds it; the transaction says so until it settles (refundSettled).
          status: result.status,
          processorRefundId: result.id,
          reason: data.reason,
          createdBy: attempt.userId,
          createdAt: attempt.createdAt,
        })
        .returning();
      const updated = await this.restatus(tx, transactionId);
      return { refund: refund!, transaction: updated! };
    });
    return done && { ...done, refunds: await refundsOf(db, transactionId) };
  }

  /** A refund the processor did not make: its attempt ends and its reservation is given back. */
  private async releaseRefund(attempt: AttemptRow): Promise<void> {
    await this.env.db.transaction(async (tx) => {
      if (!(await endAttempt(tx, attempt))) return;
      await tx
        .update(paymentTransactions)
        .set({ refundedCents: sql`${paymentTransactions.refundedCents} - ${attempt.amountCents}` })
        .where(eq(paymentTransactions.id, attempt.transactionId!));
    });
  }

  /**
   * Refunds whose answer never came (their server stopped, or the processor could not tell), once
   * no call of theirs can still be on its way: the processor is asked under each one's key, and the
   * refund it made is recorded, or the reservation given back. Returns how many were settled.
   */
  async settleExpiredRefunds(log: FastifyBaseLogger = this.env.log, where?: SQL): Promise<number> {
    const { db, processor } = this.env;
    let settled = 0;
    for (const attempt of await expiredAttempts(db, this.env.now(), and(eq(paymentAttempts.kind, 'refund'), where)!)) {
      try {
        const taken = await takeOver(db, attempt, this.env.now());
        if (!taken) continue;
        const { chargeId } = taken.data as RefundAttemptData;
        const found = await processor.findRefund(chargeId, taken.attemptKey);
        if (found) await this.recordRefund(taken, found);
        else await this.releaseRefund(taken);
        settled++;
      } catch (error) {
        // The processor could not tell: the attempt waits for the next settling.
        log.warn({ transactionId: attempt.transactionId, error: (error as Error).name }, 'a refund was not settled');
      }
    }
    return settled;
  }

  /**
   * The transaction's status from its refunds (statusFromRefunds), and its invoice's: a
   * subscription charge refunded in full says so on its invoice too, and says paid again when a
   * refund it counted failed. A failed payment is left alone.
   */
  private async restatus(tx: Tx, transactionId: string): Promise<TxnRow | undefined> {
    const [updated] = await tx
      .update(paymentTransactions)
      .set({ status: statusFromRefunds })
      .where(and(eq(paymentTransactions.id, transactionId), ne(paymentTransactions.status, 'failed')))
      .returning();
    if (updated?.kind === 'subscription') {
      const refunded = updated.status === 'refunded';
      await tx
        .update(invoices)
        .set({ status: refunded ? 'refunded' : 'paid' })
        .where(and(eq(invoices.transactionId, transactionId), eq(invoices.status, refunded ? 'paid' : 'refunded')));
    }
    return updated;
  }

  /**
   * Refunds the processor held ('pending'), each asked where it stands now and settled when the
   * processor is done with it (refundSettled). The renewals timer runs it; the processor's webhook
   * may settle one sooner. Returns how many were settled.
   */
  async settlePendingRefunds(log: FastifyBaseLogger = this.env.log): Promise<number> {
    const { db, processor } = this.env;
    const pending = await db
      .select({ id: paymentRefunds.id, processorRefundId: paymentRefunds.processorRefundId })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.status, 'pending'))
      .orderBy(asc(paymentRefunds.createdAt))
      .limit(100);
    let settled = 0;
    for (const { id, processorRefundId } of pending) {
      if (!processorRefundId) continue;
      try {
        const status = await processor.refundStatus(processorRefundId);
        if (status === 'pending') continue;
        if (await db.transaction((tx) => this.refundSettled(tx, processorRefundId, status))) settled++;
      } catch (error) {
        // The processor could not tell: the refund stays pending until the next settling.
        log.warn({ refundId: id, error: (error as Error).name }, 'a pending refund was not settled');
      }
    }
    return settled;
  }

  /**
   * The processor's last word on a refund it made (in the caller's transaction: the settling's,
   * or the webhook event's): 'succeeded', it is refunded; 'failed' (the processor gave up on it,
   * held or even after it succeeded), no money went back, and its amount is refundable again.
   * False when nothing changed (not this app's refund, already settled so, or still pending).
   */
  async refundSettled(tx: Tx, processorRefundId: string, status: RefundStatus): Promise<boolean> {
    if (status === 'pending') return false;
    const [refund] = await tx
      .update(paymentRefunds)
      .set({ status })
      .where(
        and(
          eq(paymentRefunds.processorRefundId, processorRefundId),
          ne(paymentRefunds.status, status),
          ne(paymentRefunds.status, 'failed'),
        ),
      )
      .returning();
    if (!refund) return false;
    if (status === 'failed') {
      await tx
        .update(paymentTransactions)
        .set({ refundedCents: sql`greatest(0, ${paymentTransactions.refundedCents} - ${refund.amountCents})` })
        .where(eq(paymentTransactions.id, refund.transactionId));
    }
    await this.restatus(tx, refund.transactionId);
    return true;
  }

  /**
   * A refund made outside the app (the processor's dashboard): never lowers what was already
   * counted. In the caller's transaction, the one that records the webhook event.
   */
  async refundedElsewhere(tx: Tx, chargeId: string, amountRefundedCents: number): Promise<void> {
    await tx
      .update(paymentTransactions)
      .set({
        refundedCents: sql`greatest(${paymentTransactions.refundedCents}, least(${amountRefundedCents}, ${paymentTransactions.amountCents}))`,
      })
      .where(eq(paymentTransactions.processorChargeId, chargeId));
    // Stripe tells of a refund on its charge as soon as it is made, held or not: a refund of this
    // app's still pending keeps the transaction 'refund_pending' (statusFromRefunds).
    await tx
      .update(paymentTransactions)
      .set({ status: statusFromRefunds })
      .where(and(eq(paymentTransactions.processorChargeId, chargeId), ne(paymentTransactions.status, 'failed')));
  }

  /** A payment the processor reports as failed after the fact (in the webhook event's transaction). */
  async failedLater(tx: Tx, chargeId: string, failureCode: string, failureMessage: string): Promise<void> {
    await tx
      .update(paymentTransactions)
      .set({ status: 'failed', failureCode, failureMessage })
      .where(eq(paymentTransactions.processorChargeId, chargeId));
  }
}
