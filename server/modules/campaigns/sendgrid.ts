/**
 * SendGrid's signed Event Webhook (POST /api/Campaign/webhook/sendgrid), beside the generic HMAC
 * format of webhook.ts. SendGrid signs `timestamp + raw body` with ECDSA P-256 / SHA-256 and
 * sends the base64 DER signature in X-Twilio-Email-Event-Webhook-Signature and the Unix time in
 * X-Twilio-Email-Event-Webhook-Timestamp; the verification key is the base64 DER public key its
 * Mail Settings show, given here as SENDGRID_WEBHOOK_PUBLIC_KEY (without it the route answers
 * 404). SendGrid documents no freshness window: we refuse a timestamp more than five minutes off,
 * as for the HMAC format. The body is an array of events: `delivered`, `bounce` (`type: blocked`
 * is a soft bounce, else hard) and `spamreport` (a complaint) are applied, each stored once by
 * its `sg_event_id`; others (processed, open, click…: we record opens and clicks ourselves) are
 * acknowledged and ignored. The recipient is the `campaign_ref` custom argument each campaign
 * mail carries in its X-SMTPAPI header (merge.ts), which SendGrid copies into every event.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../src/domain/campaigns/api';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { applyEvents, type ProviderEvent } from './webhook';

export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';
/** The custom argument (X-SMTPAPI unique_args) naming a mail's recipient row. */
export const SENDGRID_REF_ARG = 'campaign_ref';

const sendgridEvent = z.object({
  sg_event_id: z.string().min(1).max(200),
  event: z.string().max(50),
  type: z.string().max(50).optional(),
  [SENDGRID_REF_ARG]: z.string().max(64).optional(),
});
const sendgridBody = z.array(sendgridEvent).min(1).max(1000);

let cached: { text: string; key: KeyObject } | null = null;
/** The configured verification key, or null when SendGrid's webhook is not set up. */
function publicKey(): KeyObject | null {
  const text = process.env.SENDGRID_WEBHOOK_PUBLIC_KEY?.trim();
  if (!text) return null;
  if (cached?.text !== text) {
    // The dashboard shows base64 DER (SubjectPublicKeyInfo); a PEM is taken as well.
    const key = text.includes('BEGIN PUBLIC KEY')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
    cached = { text, key };
  }
  return cached.key;
}

/** Whether `signature` (base64 DER) signs `timestamp + raw` under the key. */
export function sendgridSignatureValid(key: KeyObject, raw: string, signature: string, timestamp: string): boolean {
  if (!/^[A-Za-z0-9+/=]{16,200}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(timestamp + raw, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** SendGrid's event as ours, or null when it is one we do not apply. */
function mapped(e: z.infer<typeof sendgridEvent>): ProviderEvent | null {
  const base = { id: `sendgrid:${e.sg_event_id}`, ref: e[SENDGRID_REF_ARG] ?? '' };
  if (e.event === 'delivered') return { ...base, type: 'delivered' };
  if (e.event === 'spamreport') return { ...base, type: 'complaint' };
  if (e.event === 'bounce') return { ...base, type: 'bounce', bounceType: e.type === 'blocked' ? 'soft' : 'hard' };
  return null;
}

export async function receiveSendgrid(
  app: FastifyInstance,
  raw: string,
  signature: string | undefined,
  timestamp: string | undefined,
): Promise<{ stored: number; duplicates: number; ignored: number }> {
  const key = publicKey();
  if (!key) throw notFound(MESSAGES.webhookNotConfigured);
  const t = Number(timestamp);
  if (
    !timestamp ||
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(app.ctx.now() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS ||
    !sendgridSignatureValid(key, raw, signature ?? '', timestamp)
  )
    throw unauthorized(MESSAGES.webhookSignatureInvalid);
  let events: z.infer<typeof sendgridBody>;
  try {
    events = sendgridBody.parse(JSON.parse(raw));
  } catch {
    throw badRequest(MESSAGES.invalidInput);
  }
  const ours = events.map(mapped).filter((e): e is ProviderEvent => e !== null);
  const { stored, duplicates } = ours.length ? await applyEvents(app, ours) : { stored: 0, duplicates: 0 };
  return { stored, duplicates, ignored: events.length - ours.length };
}
