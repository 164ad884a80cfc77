/**
 * Payment links: the one writer of payment_links. A business creates a link for an amount and
 * a description; anyone with its public URL pays it once, signed out, with a card that goes
 * through the same processor. The payment (or the refused attempt) is recorded by the ledger
 * as a transaction of that business.
 */
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gte } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import type { AddCardPayload } from '../../../src/domain/payments/card-schema';
import { detectCardBrand, last4 } from '../../../src/domain/payments/card-number';
import type { CheckoutSessionBody } from '../../../src/domain/payments/link-schema';
import type { DbOrTx } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
import { cardInputOf } from './cards-service';
import { cardRefused, processorCall, type PaymentsEnv } from './deps';
import type { Ledger, PaymentRecord } from './ledger';
import { runLinkPaidHooks } from './link-paid-hooks';
import { connectAccountOf, linkByToken } from './merchant-queries';
import { CardError, type TokenizedCard } from './processors/types';
import { paymentLinks, paymentTransactions } from './tables';

type LinkRow = typeof paymentLinks.$inferSelect;

/**
 * Closes a link to further payments, inside the caller's transaction (an invoice that is paid or
 * void takes no more). A payment already under way ('processing') would still land: then it
 * changes nothing and answers false, for the caller to refuse its own change.
 */
export async function closeLink(tx: DbOrTx, token: string): Promise<boolean> {
  const [link] = await tx
    .select({ status: paymentLinks.status })
    .from(paymentLinks)
    .where(eq(paymentLinks.publicToken, token));
  if (link?.status === 'processing') return false;
  await tx
    .update(paymentLinks)
    .set({ status: 'inactive' })
    .where(and(eq(paymentLinks.publicToken, token), eq(paymentLinks.status, 'active')));
  return true;
}
type TxnRow = typeof paymentTransactions.$inferSelect;

/**
 * Declined cards one link takes within the window: a public page that charges whatever card it is
 * sent is where stolen numbers get tested (and the business's processor account pays for it).
 */
export const LINK_DECLINES = { max: 10, ms: 60 * 60_000 };

export class PaymentLinksService {
  constructor(
    private readonly env: PaymentsEnv,
    private readonly ledger: Ledger,
  ) {}

  async create(businessId: string, createdBy: string, input: CheckoutSessionBody): Promise<LinkRow> {
    const [row] = await this.env.db
      .insert(paymentLinks)
      .values({
        businessId,
        createdBy,
        // The public identifier in the pay URL: unguessable, never the row id.
        publicToken: randomBytes(18).toString('base64url'),
        amountCents: input.amount,
        description: input.description,
        createdAt: new Date(this.env.now()),
      })
      .returning();
    return row!;
  }

  private async declinedTooOften(link: LinkRow): Promise<boolean> {
    const [declined] = await this.env.db
      .select({ n: count() })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.businessId, link.businessId),
          eq(paymentTransactions.paymentLinkId, link.id),
          eq(paymentTransactions.status, 'failed'),
          gte(paymentTransactions.createdAt, new Date(this.env.now() - LINK_DECLINES.ms)),
        ),
      );
    return (declined?.n ?? 0) >= LINK_DECLINES.max;
  }

  /** A link by its public token with its business's name (404 when there is none). */
  async byToken(token: string) {
    const row = await linkByToken(this.env.db, token);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Pays a link with a card. The link is claimed first ('processing'), so two payers cannot
   * both pay it; a refusal or a failure gives it back. Money goes to the business's connected
   * account once it can take charges; before onboarding is complete the platform keeps it
   * (Stripe refuses transfers otherwise).
   */
  async pay(
    token: string,
    input: AddCardPayload,
    idempotencyKey: string,
    log: FastifyBaseLogger,
  ): Promise<{ transaction: TxnRow; card: TokenizedCard }> {
    const { db, processor } = this.env;
    const { link } = await this.byToken(token);
    if (link.status === 'paid') throw conflict(MESSAGES.paymentLinkPaid);
    if (link.status === 'inactive') throw conflict(MESSAGES.paymentLinkInactive);
    const [claimed] = await db
      .update(paymentLinks)
      .set({ status: 'processing' })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'active')))
      .returning();
    if (!claimed) throw conflict(MESSAGES.paymentLinkPaid);
    // Counted under the claim, while no other attempt on this link can run.
    if (await this.declinedTooOften(link)) {
      await db.update(paymentLinks).set({ status: 'active' }).where(eq(paymentLinks.id, link.id));
      throw new HttpError(
        429,
        MESSAGES.paymentLinkTooManyDeclines,
        {},
        { 'retry-after': String(LINK_DECLINES.ms / 1000) },
      );
    }
    const now = this.env.now();
    const record: PaymentRecord = {
      kind: 'payment_link',
      businessId: link.businessId,
      paymentLinkId: link.id,
      description: link.description,
      amountCents: link.amountCents,
      payerName: input.cardholderName,
      // Only the brand and last 4 of the number are kept.
      cardBrand: detectCardBrand(input.number),
      cardLast4: last4(input.number),
      at: now,
    };
    try {
      const account = await connectAccountOf(db, link.businessId, processor.name);
      const destination =
        account && (await processor.retrieveAccount(account.accountRef)).chargesEnabled ? account.accountRef : null;
      const card = await processor.tokenizeCard(cardInputOf(input), { idempotencyKey });
      const charge = await processor.charge({
        amountCents: link.amountCents,
        description: link.description,
        cardToken: card.token,
        destinationAccount: destination,
        idempotencyKey,
        metadata: { paymentLinkId: link.id, businessId: link.businessId },
      });
      const transaction = await db.transaction(async (tx) => {
        const row = await this.ledger.recordCharge(
          tx,
          { ...record, cardBrand: card.brand, cardLast4: card.last4 },
          charge,
        );
        await tx
          .update(paymentLinks)
          .set({ status: 'paid', paidAt: new Date(now) })
          .where(eq(paymentLinks.id, link.id));
        await runLinkPaidHooks(tx, link, new Date(now));
        return row;
      });
      return { transaction, card };
    } catch (error) {
      await db.update(paymentLinks).set({ status: 'active' }).where(eq(paymentLinks.id, link.id));
      if (error instanceof CardError) {
        await this.ledger.recordRefusal(record, error);
        throw cardRefused(error);
      }
      return processorCall(log, () => Promise.reject(error), 'number');
    }
  }
}
