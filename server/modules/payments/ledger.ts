/**
 * The ledger: the one writer of payment_transactions, payment_refunds and invoices. Subscription
 * charges (new and renewed), payment-link payments, refused attempts and refunds (made here or
 * in the processor's dashboard) are all recorded here, so a movement of money is written one way
 * wherever it comes from. Amounts are integer cents of USD; a card is kept as brand and last 4.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, conflict, notFound } from '../../http/errors';
import { processorCall, type PaymentsEnv, type Tx } from './deps';
import { newInvoiceNumber } from './invoice-number';
import { refundsOf, transactionOf } from './merchant-queries';
import type { CardError, ChargeResult } from './processors/types';
import { invoices, paymentRefunds, paymentTransactions } from './tables';

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
   * Refunds part or all of what is left of a transaction, never more. The amount is reserved
   * by one conditional UPDATE before the processor is asked, so two refunds racing cannot
   * together exceed the captured amount (the processor and a CHECK bound it again); if the
   * processor fails, the reservation is given back.
   */
  async refund(input: RefundInput): Promise<{ refund: RefundRow; transaction: TxnRow; refunds: RefundRow[] }> {
    const { db, processor } = this.env;
    const txn = await transactionOf(db, input.tenant, input.transactionId);
    if (!txn) throw notFound();
    if ((txn.status !== 'succeeded' && txn.status !== 'partially_refunded') || !txn.processorChargeId) {
      throw conflict(MESSAGES.refundNotAllowed);
    }
    const chargeId = txn.processorChargeId;
    const remaining = txn.amountCents - txn.refundedCents;
    const amount = input.amountCents ?? remaining;
    if (amount <= 0 || amount > remaining)
      throw badRequest(MESSAGES.refundTooLarge, { amount: MESSAGES.refundTooLarge });
    const [reserved] = await db
      .update(paymentTransactions)
      .set({ refundedCents: sql`${paymentTransactions.refundedCents} + ${amount}` })
      .where(
        and(
          eq(paymentTransactions.id, txn.id),
          sql`${paymentTransactions.refundedCents} + ${amount} <= ${paymentTransactions.amountCents}`,
        ),
      )
      .returning();
    if (!reserved) throw badRequest(MESSAGES.refundTooLarge, { amount: MESSAGES.refundTooLarge });
    let result;
    try {
      result = await processorCall(input.log, () =>
        processor.refund({ chargeId, amountCents: amount, idempotencyKey: input.idempotencyKey }),
      );
    } catch (error) {
      await db
        .update(paymentTransactions)
        .set({ refundedCents: sql`${paymentTransactions.refundedCents} - ${amount}` })
        .where(eq(paymentTransactions.id, txn.id));
      throw error;
    }
    const [updated] = await db
      .update(paymentTransactions)
      .set({
        status: sql`case when ${paymentTransactions.refundedCents} >= ${paymentTransactions.amountCents} then 'refunded' else 'partially_refunded' end`,
      })
      .where(eq(paymentTransactions.id, txn.id))
      .returning();
    const [refund] = await db
      .insert(paymentRefunds)
      .values({
        transactionId: txn.id,
        amountCents: amount,
        status: result.status,
        processorRefundId: result.id,
        reason: input.reason || null,
        createdBy: input.by,
        createdAt: new Date(this.env.now()),
      })
      .returning();
    // A subscription charge refunded in full: its invoice says so too.
    if (reserved.refundedCents >= reserved.amountCents && txn.kind === 'subscription') {
      await db.update(invoices).set({ status: 'refunded' }).where(eq(invoices.transactionId, txn.id));
    }
    return { refund: refund!, transaction: updated!, refunds: await refundsOf(db, txn.id) };
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
        status: sql`case when greatest(${paymentTransactions.refundedCents}, ${amountRefundedCents}) >= ${paymentTransactions.amountCents} then 'refunded' else 'partially_refunded' end`,
      })
      .where(eq(paymentTransactions.processorChargeId, chargeId));
  }

  /** A payment the processor reports as failed after the fact (in the webhook event's transaction). */
  async failedLater(tx: Tx, chargeId: string, failureCode: string, failureMessage: string): Promise<void> {
    await tx
      .update(paymentTransactions)
      .set({ status: 'failed', failureCode, failureMessage })
      .where(eq(paymentTransactions.processorChargeId, chargeId));
  }
}
