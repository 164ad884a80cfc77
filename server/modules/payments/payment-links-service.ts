/**
 * Payment links: the one writer of payment_links. A business creates a link for an amount and
 * a description; anyone with its public URL pays it once, signed out, with a card that goes
 * through the same processor. The payment (or the refused attempt) is recorded by the ledger
 * as a transaction of that business.
 */
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, isNull, lt, or } from 'drizzle-orm';
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
import { CardError, PROCESSOR_CALL_MAX_MS, ProcessorUnavailableError, type TokenizedCard } from './processors/types';
import { paymentLinks, paymentTransactions } from './tables';

type LinkRow = typeof paymentLinks.$inferSelect;

/**
 * Closes a link to further payments, inside the caller's transaction (an invoice that is paid or
 * void takes no more). A payment already under way ('processing') would still land: then it
 * changes nothing and answers false, for the caller to refuse its own change. The conditional
 * update decides, not a read before it: a payer claiming the link between the two would have
 * been missed (the update found nothing to close and the invoice was voided while it was paid).
 */
export async function closeLink(tx: DbOrTx, token: string): Promise<boolean> {
  const [closed] = await tx
    .update(paymentLinks)
    .set({ status: 'inactive' })
    .where(and(eq(paymentLinks.publicToken, token), eq(paymentLinks.status, 'active')))
    .returning({ id: paymentLinks.id });
  if (closed) return true;
  const [link] = await tx
    .select({ status: paymentLinks.status })
    .from(paymentLinks)
    .where(eq(paymentLinks.publicToken, token));
  return link?.status !== 'processing';
}
type TxnRow = typeof paymentTransactions.$inferSelect;

/**
 * Declined cards one link takes within the window: a public page that charges whatever card it is
 * sent is where stolen numbers get tested (and the business's processor account pays for it).
 */
export const LINK_DECLINES = { max: 10, ms: 60 * 60_000 };

/**
 * A payment's claim on its link. Its attempt asks for the charge within `chargeByMs` of claiming
 * or not at all; that charge, retries included, is over PROCESSOR_CALL_MAX_MS later; so a claim
 * older than `expiresMs` (two minutes more, for the clocks of two servers) has no charge still
 * on its way and can be settled by asking the processor what it did (byToken).
 */
export const LINK_CLAIM = { chargeByMs: 10 * 60_000, expiresMs: 10 * 60_000 + PROCESSOR_CALL_MAX_MS + 2 * 60_000 };

const RELEASED = { status: 'active', claimedAt: null, attemptKey: null } as const;

/** The link while the claim made under `attemptKey` still holds it. */
const claimOf = (linkId: string, attemptKey: string) =>
  and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'processing'), eq(paymentLinks.attemptKey, attemptKey));

/** Why a link in this state takes no payment now (409); an active one passes. */
function refuseUnpayable(status: string) {
  if (status === 'paid') throw conflict(MESSAGES.paymentLinkPaid);
  if (status === 'inactive') throw conflict(MESSAGES.paymentLinkInactive);
  if (status === 'processing') throw conflict(MESSAGES.paymentLinkInProgress);
}

async function transactionByCharge(db: DbOrTx, chargeId: string): Promise<TxnRow | null> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.processorChargeId, chargeId));
  return row ?? null;
}

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

  /**
   * A link by its public token with its business's name (404 when there is none). A claim that
   * outlived LINK_CLAIM.expiresMs is settled first, so whoever opens or pays the link meets what
   * really happened to that payment.
   */
  async byToken(token: string, log: FastifyBaseLogger = this.env.log) {
    const row = await linkByToken(this.env.db, token);
    if (!row) throw notFound();
    if (row.link.status !== 'processing' || !this.claimExpired(row.link)) return row;
    try {
      return { ...row, link: await this.settleExpiredClaim(row.link) };
    } catch (error) {
      // The processor could not tell: the claim stays, and the next visit asks again.
      log.warn(
        { paymentLinkId: row.link.id, error: (error as Error).name },
        'an expired payment link claim was not settled',
      );
      return row;
    }
  }

  /**
   * Every claim that outlived LINK_CLAIM.expiresMs, settled as opening its link would (the
   * renewals timer runs it): a payment whose server stopped is on the books, and its link payable
   * or paid, even when nobody opens the link again. Returns how many were looked at.
   */
  async settleExpiredClaims(log: FastifyBaseLogger = this.env.log): Promise<number> {
    const expired = await this.env.db
      .select({ token: paymentLinks.publicToken })
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.status, 'processing'),
          or(
            isNull(paymentLinks.claimedAt),
            lt(paymentLinks.claimedAt, new Date(this.env.now() - LINK_CLAIM.expiresMs)),
          ),
        ),
      )
      .limit(100);
    for (const { token } of expired) await this.byToken(token, log);
    return expired.length;
  }

  private claimExpired(link: LinkRow): boolean {
    // A claim from before claims were timed (migration 0071) has no time: its payment ended long
    // ago, and the claim is settled like an expired one.
    if (!link.claimedAt) return true;
    return this.env.now() - link.claimedAt.getTime() > LINK_CLAIM.expiresMs;
  }

  /**
   * A claim whose payment never finished (its server stopped, or the processor did not answer):
   * the processor is asked for the charge made under the claim's key. Found, it is recorded and
   * the link paid, as the payment would have done; not found, no money moved and the link takes
   * payments again. The claim is first taken over (its time pushed to now), so two visits settle
   * it once; the attempt it belonged to can no longer charge (it gives up at LINK_CLAIM.chargeByMs
   * and each write of its own names its key).
   */
  private async settleExpiredClaim(link: LinkRow): Promise<LinkRow> {
    const { db, processor } = this.env;
    const now = this.env.now();
    const attemptKey = link.attemptKey;
    const untimed = !link.claimedAt;
    if (!attemptKey) {
      // A claim from before claims held a key: there is no charge to look up by it. The link takes
      // payments again (a payment it did take is in the processor's dashboard, under the link's id).
      this.env.log.warn({ paymentLinkId: link.id }, 'a payment link claim without a key was given back');
      const [released] = await db
        .update(paymentLinks)
        .set(RELEASED)
        .where(
          and(
            eq(paymentLinks.id, link.id),
            eq(paymentLinks.status, 'processing'),
            isNull(paymentLinks.attemptKey),
            untimed ? isNull(paymentLinks.claimedAt) : lt(paymentLinks.claimedAt, new Date(now - LINK_CLAIM.expiresMs)),
          ),
        )
        .returning();
      return released ?? (await linkByToken(db, link.publicToken))?.link ?? link;
    }
    const [taken] = await db
      .update(paymentLinks)
      .set({ claimedAt: new Date(now) })
      .where(
        and(
          eq(paymentLinks.id, link.id),
          eq(paymentLinks.status, 'processing'),
          eq(paymentLinks.attemptKey, attemptKey),
          untimed ? isNull(paymentLinks.claimedAt) : lt(paymentLinks.claimedAt, new Date(now - LINK_CLAIM.expiresMs)),
        ),
      )
      .returning();
    if (!taken) return (await linkByToken(db, link.publicToken))?.link ?? link;
    const mine = claimOf(link.id, attemptKey);
    // An untimed claim's charge was made after the link was: looked up from then.
    const claimedAt = (link.claimedAt ?? link.createdAt).getTime();
    const charge = await processor.findCharge(attemptKey, claimedAt);
    if (!charge) {
      const [released] = await db.update(paymentLinks).set(RELEASED).where(mine).returning();
      return released ?? taken;
    }
    const paidAt = new Date(now);
    return db.transaction(async (tx) => {
      const [paid] = await tx
        .update(paymentLinks)
        .set({ status: 'paid', paidAt, claimedAt: null, attemptKey: null })
        .where(mine)
        .returning();
      if (!paid) return taken;
      await this.ledger.recordCharge(
        tx,
        {
          kind: 'payment_link',
          businessId: link.businessId,
          paymentLinkId: link.id,
          description: link.description,
          amountCents: link.amountCents,
          cardBrand: charge.brand,
          cardLast4: charge.last4,
          at: claimedAt,
        },
        charge,
      );
      await runLinkPaidHooks(tx, paid, paidAt);
      return paid;
    });
  }

  /**
   * Pays a link with a card. The link is claimed first ('processing', with the time and the key
   * its charge is made under), so two payers cannot both pay it. Until the charge is asked for,
   * any failure gives the link back; after, only a refusal does: a charge that may have been
   * made keeps the claim until it is settled (byToken). Money goes to the business's connected
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
    const { link } = await this.byToken(token, log);
    refuseUnpayable(link.status);
    // One key per claim: a retry of the request after its claim was given back is a new attempt
    // at the processor too, and an expired claim is looked up by the key of that claim alone.
    const attemptKey = `${idempotencyKey}:${randomBytes(6).toString('hex')}`;
    const claimedAt = this.env.now();
    const [claimed] = await db
      .update(paymentLinks)
      .set({ status: 'processing', claimedAt: new Date(claimedAt), attemptKey })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'active')))
      .returning();
    if (!claimed) {
      // Taken meanwhile: say by what (paid, closed, or another payment still under way).
      refuseUnpayable((await linkByToken(db, token))?.link.status ?? 'inactive');
      throw conflict(MESSAGES.paymentLinkInProgress);
    }
    const mine = claimOf(link.id, attemptKey);
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
      at: claimedAt,
    };
    let charging = false;
    try {
      // Counted under the claim, while no other attempt on this link can run: counted before it,
      // two payers could both read 9 declines, and the second, claiming once the first let go,
      // would make the 11th. Inside the try, so a failing count gives the link back too.
      if (await this.declinedTooOften(link)) {
        throw new HttpError(
          429,
          MESSAGES.paymentLinkTooManyDeclines,
          {},
          { 'retry-after': String(LINK_DECLINES.ms / 1000) },
        );
      }
      const account = await connectAccountOf(db, link.businessId, processor.name);
      const destination =
        account && (await processor.retrieveAccount(account.accountRef)).chargesEnabled ? account.accountRef : null;
      const card = await processor.tokenizeCard(cardInputOf(input), { idempotencyKey: attemptKey });
      // Past this point the claim could expire while the charge is still on its way: give up instead.
      if (this.env.now() - claimedAt > LINK_CLAIM.chargeByMs) throw new ProcessorUnavailableError();
      charging = true;
      const charge = await processor.charge({
        amountCents: link.amountCents,
        description: link.description,
        cardToken: card.token,
        destinationAccount: destination,
        idempotencyKey: attemptKey,
        metadata: { paymentLinkId: link.id, businessId: link.businessId, attempt: attemptKey },
      });
      const paidAt = new Date(this.env.now());
      const transaction = await db.transaction(async (tx) => {
        const [paid] = await tx
          .update(paymentLinks)
          .set({ status: 'paid', paidAt, claimedAt: null, attemptKey: null })
          .where(mine)
          .returning();
        if (!paid) return null;
        const row = await this.ledger.recordCharge(
          tx,
          { ...record, cardBrand: card.brand, cardLast4: card.last4 },
          charge,
        );
        await runLinkPaidHooks(tx, paid, paidAt);
        return row;
      });
      if (transaction) return { transaction, card };
      // The claim was settled by someone else meanwhile (it should not outlive its bound, but a
      // stalled server can): if that recorded this charge, it is this payment; if not, the link
      // may be paid again, so this charge is given back rather than kept unrecorded.
      const recorded = await transactionByCharge(db, charge.id);
      if (recorded) return { transaction: recorded, card };
      log.warn({ paymentLinkId: link.id }, 'a payment link charge outlived its claim and is refunded');
      await processor.refund({
        chargeId: charge.id,
        amountCents: charge.capturedCents,
        idempotencyKey: `${attemptKey}:void`,
      });
      throw new ProcessorUnavailableError();
    } catch (error) {
      // Nothing was charged (the charge was not asked for, or the issuer refused it): the link
      // takes payments again. Otherwise the claim stays until it is settled.
      if (!charging || error instanceof CardError) await db.update(paymentLinks).set(RELEASED).where(mine);
      if (error instanceof CardError) {
        await this.ledger.recordRefusal(record, error);
        throw cardRefused(error);
      }
      return processorCall(log, () => Promise.reject(error), 'number');
    }
  }
}
