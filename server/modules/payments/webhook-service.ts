/**
 * Processor webhook events: the one writer of processor_events. An event is checked against
 * its signature, recorded once (the processor retries; a repeat is acknowledged and skipped),
 * and applied through the ledger: a refund made in the processor's dashboard, a held refund
 * settled (or one that failed after all), a payment that failed after the fact. Every other event is acknowledged and ignored.
 */
import { MESSAGES } from '../../../src/domain/messages';
import { HttpError } from '../../http/errors';
import type { PaymentsEnv, Tx } from './deps';
import type { Ledger } from './ledger';
import { refundStatusOf, WebhookSignatureError, type WebhookEvent } from './processors/types';
import { processorEvents } from './tables';

/** The parts of an event's `data.object` this app acts on (Stripe's names). */
interface EventObject {
  id?: string;
  /** 'charge', 'refund', 'payment_intent', … */
  object?: string;
  /** A refund's: 'pending', 'requires_action', 'succeeded', 'failed' or 'canceled'. */
  status?: string;
  payment_intent?: string;
  amount_refunded?: number;
  last_payment_error?: { message?: string; code?: string };
}

/** Stripe's events of a refund's state changing (the older name and the current ones). */
const REFUND_EVENTS = new Set(['charge.refund.updated', 'refund.updated', 'refund.failed']);

export class WebhookService {
  constructor(
    private readonly env: PaymentsEnv,
    private readonly ledger: Ledger,
  ) {}

  /**
   * Verifies, records and applies one event; `duplicate` when it was applied before. The record
   * and what the event changes are one database transaction: a failure or a crash in between
   * leaves neither, so the processor's retry applies the event, and an event is never recorded
   * without its effect. The same event delivered twice at once: the second insert waits on the
   * first's row until that commits (then it is a duplicate) or rolls back (then it applies it).
   */
  async receive(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const event = this.verify(rawBody, signature);
    return this.env.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(processorEvents)
        .values({ id: event.id, type: event.type, receivedAt: new Date(this.env.now()) })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return { duplicate: true };
      await this.apply(tx, event);
      return { duplicate: false };
    });
  }

  private async apply(tx: Tx, event: WebhookEvent): Promise<void> {
    const obj: EventObject = (event.data as { object?: EventObject }).object ?? {};
    if (event.type === 'charge.refunded' && obj.payment_intent && typeof obj.amount_refunded === 'number') {
      await this.ledger.refundedElsewhere(tx, obj.payment_intent, obj.amount_refunded);
    } else if (REFUND_EVENTS.has(event.type) && obj.object === 'refund' && obj.id && obj.status) {
      // A refund the processor held is done with (or one it made failed after all).
      await this.ledger.refundSettled(tx, obj.id, refundStatusOf(obj.status));
    } else if (event.type === 'payment_intent.payment_failed' && obj.id) {
      await this.ledger.failedLater(
        tx,
        obj.id,
        obj.last_payment_error?.code ?? 'card_declined',
        obj.last_payment_error?.message ?? MESSAGES.cardDeclined,
      );
    }
  }

  private verify(rawBody: string, signature: string | undefined): WebhookEvent {
    try {
      return this.env.processor.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
        throw new HttpError(400, MESSAGES.webhookSignatureInvalid);
      }
      throw error;
    }
  }
}
