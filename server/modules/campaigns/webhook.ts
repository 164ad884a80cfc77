/**
 * The provider's bounce, complaint and delivery notifications (POST /api/Campaign/webhook).
 * Signed in the generic HMAC format (`x-campaign-signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.body">`, the shape Stripe and many providers use): a signature that does
 * not match the exact bytes, or whose time is more than five minutes off, is refused and nothing
 * is stored. An event is stored once per provider event id, in the transaction that applies it
 * to the recipient and the suppression list: a retried (replayed) event is acknowledged and
 * changes nothing.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sameSecret } from '../../auth/same-secret';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../src/domain/campaigns/api';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, unauthorized } from '../../http/errors';
import { markEvent, recipientOf, suppress } from './events';
import { campaignProviderEvents } from './tables';
import { webhookSecret } from './tokens';

export const providerEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['delivered', 'bounce', 'complaint']),
  bounceType: z.enum(['hard', 'soft']).optional(),
  /** The X-Campaign-Ref header of the mail, echoed by the provider. */
  ref: z.string().max(64),
});
export type ProviderEvent = z.infer<typeof providerEvent>;

/** The signature header for a body at a time (the tests and the bench sign with it). */
export const signBody = (secret: string, body: string, seconds: number) =>
  `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`;

async function verified(app: FastifyInstance, raw: string, header: string | undefined) {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const given = Buffer.from(parts.v1 ?? '', 'utf8');
  if (!Number.isInteger(t) || Math.abs(app.ctx.now() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS)
    throw unauthorized(MESSAGES.webhookSignatureInvalid);
  const expected = Buffer.from(signBody(await webhookSecret(app), raw, t).split('v1=')[1]!, 'utf8');
  if (!sameSecret(given, expected)) throw unauthorized(MESSAGES.webhookSignatureInvalid);
}

export async function receiveWebhook(
  app: FastifyInstance,
  raw: string,
  header: string | undefined,
): Promise<{ duplicate: boolean }> {
  await verified(app, raw, header);
  let event: ProviderEvent;
  try {
    event = providerEvent.parse(JSON.parse(raw));
  } catch {
    throw badRequest(MESSAGES.invalidInput);
  }
  const { duplicates } = await applyEvents(app, [event]);
  return { duplicate: duplicates > 0 };
}

/**
 * Applies provider events (either format's, mapped to ours) in one transaction: each stored once
 * by its event id, then applied to its recipient and the suppression list. Answers how many were
 * new and how many had been stored before (a provider's retry, a replayed request).
 */
export async function applyEvents(
  app: FastifyInstance,
  events: ProviderEvent[],
): Promise<{ stored: number; duplicates: number }> {
  const { db } = app.ctx.database;
  const recipients = await Promise.all(
    events.map((e) => (/^[0-9a-f-]{36}$/i.test(e.ref) ? recipientOf(db, e.ref) : null)),
  );
  const at = new Date(app.ctx.now());
  return db.transaction(async (tx) => {
    let stored = 0;
    for (const [i, event] of events.entries()) {
      const recipient = recipients[i];
      const fresh = await tx
        .insert(campaignProviderEvents)
        .values({ eventId: event.id, kind: event.type, recipientId: recipient?.id ?? null })
        .onConflictDoNothing()
        .returning({ id: campaignProviderEvents.eventId });
      if (!fresh.length) continue;
      stored++;
      if (!recipient) continue;
      if (event.type === 'delivered') await markEvent(tx, recipient, 'delivered', at);
      else if (event.type === 'complaint') {
        await markEvent(tx, recipient, 'complained', at);
        await suppress(tx, recipient.businessId, recipient.email, 'complained', at);
      } else {
        await markEvent(tx, recipient, 'bounced', at);
        const hard = event.bounceType !== 'soft';
        await suppress(tx, recipient.businessId, recipient.email, hard ? 'bounced' : 'soft-bounce', at);
      }
    }
    return { stored, duplicates: events.length - stored };
  });
}
