/**
 * Saved cards: the one writer of payment_methods. A card is checked by the processor (a
 * zero-amount verification) and kept as the processor's token plus brand, last 4, expiry and
 * the billing address; never the number or the CVC. One default card per user (the database
 * enforces it too).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { AddCardPayload } from '../../../src/domain/payments/card-schema';
import { users } from '../../db/tables/core';
import { notFound } from '../../http/errors';
import { cardOf, userById } from './billing-queries';
import { processorCall, type PaymentsEnv } from './deps';
import type { CardInput } from './processors/types';
import { paymentMethods } from './tables';

type CardRow = typeof paymentMethods.$inferSelect;

/** The add-card payload as the processor takes it (the same for saved cards and the public pay page). */
export function cardInputOf(input: AddCardPayload): CardInput {
  return {
    number: input.number,
    expMonth: input.expMonth,
    expYear: input.expYear,
    cvc: input.cvc,
    name: input.cardholderName,
    address: {
      line1: input.addressLine1,
      line2: input.addressLine2 || null,
      city: input.city,
      state: input.state.toUpperCase(),
      postalCode: input.zipCode,
      country: 'US',
    },
  };
}

/** The processor's customer for a user (created on first use). */
export async function customerOf(
  env: PaymentsEnv,
  user: { id: string; email: string; firstName: string; lastName: string },
  log: FastifyBaseLogger,
) {
  return processorCall(log, () =>
    env.processor.customerFor({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }),
  );
}

export class CardsService {
  constructor(private readonly env: PaymentsEnv) {}

  /** Verifies the card with the processor and saves it; the first card is the default whatever the box says. */
  async add(userId: string, input: AddCardPayload, idempotencyKey: string, log: FastifyBaseLogger): Promise<CardRow> {
    const { db, processor } = this.env;
    const user = await userById(db, userId);
    if (!user) throw notFound();
    const customerRef = await customerOf(this.env, user, log);
    const card = await processorCall(
      log,
      () => processor.tokenizeCard(cardInputOf(input), { customerRef, idempotencyKey }),
      'number',
    );
    return db.transaction(async (tx) => {
      // One card saved at a time per user (the user's row, locked as an update that changes no
      // key): two at once both read "no card yet" or both cleared the default and inserted one,
      // and the second met the one-default index as a 409.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const existing = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId));
      const makeDefault = existing.length === 0 || input.checkDefaultPM === true;
      if (makeDefault) {
        await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
      }
      const [inserted] = await tx
        .insert(paymentMethods)
        .values({
          userId,
          processor: processor.name,
          token: card.token,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          nameOnCard: input.cardholderName,
          addressLine1: input.addressLine1,
          addressLine2: input.addressLine2 || null,
          city: input.city,
          state: input.state.toUpperCase(),
          zipCode: input.zipCode,
          country: 'US',
          isDefault: makeDefault,
          createdAt: new Date(this.env.now()),
        })
        .returning();
      return inserted!;
    });
  }

  /** Makes one of the user's cards the default (404 for another user's card). */
  async setDefault(userId: string, cardId: string): Promise<CardRow> {
    return this.env.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [card] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, userId)));
      if (!card) throw notFound();
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
      const [updated] = await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(eq(paymentMethods.id, cardId))
        .returning();
      return updated!;
    });
  }

  /**
   * Removes a card at the processor and here. When it was the default, the oldest remaining card
   * becomes the default, so a subscription can still renew.
   */
  async remove(userId: string, cardId: string, log: FastifyBaseLogger): Promise<void> {
    const { db, processor } = this.env;
    const card = await cardOf(db, userId, cardId);
    if (!card) throw notFound();
    await processorCall(log, () => processor.removeCard(card.token));
    await db.transaction(async (tx) => {
      // Under the user's lock, and whether it was the default as it is now: a card deleted at the
      // same time may have just handed the default to this one.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [gone] = await tx
        .delete(paymentMethods)
        .where(eq(paymentMethods.id, cardId))
        .returning({ isDefault: paymentMethods.isDefault });
      if (!gone?.isDefault) return;
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(asc(paymentMethods.createdAt))
        .limit(1);
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    });
  }
}
