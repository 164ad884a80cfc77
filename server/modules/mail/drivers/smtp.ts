/**
 * SMTP_URL set: nodemailer delivers each message. The message is built and signed once
 * (compose.ts: the business's sender, nodemailer's `dkim` option) and these bytes are what SMTP
 * carries, so the outbox row — written first, with the From, the headers and the bytes — shows
 * what was sent and is the delivery's job (delivery.ts): an attempt that fails is tried again
 * after a back-off, by whichever process's worker (worker.ts) claims it, until SMTP accepts it
 * or the last attempt fails; a batch's rows its writer never delivered (the process died, SMTP
 * was down) are taken by a worker after a short grace.
 */
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { addressOf, composeMail, fromAddressFor } from '../compose';
import { mailBatch } from '../batch';
import { claimDue, claimFresh, DELIVERY_BATCH, LEASE_MS, recordAttempt, type DeliveryJob } from '../delivery';
import { storedAttachments, type MailAdapter, type MailLog, type SenderResolver } from '../types';

/**
 * An attempt ends well inside its claim's lease (nodemailer's own defaults let an idle socket
 * wait ten minutes); timeouts the URL sets itself win.
 */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
export function withTimeouts(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return smtpUrl;
  }
  for (const [key, ms] of Object.entries(TIMEOUTS))
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(Math.min(ms, LEASE_MS / 3)));
  return url.toString();
}

export async function smtpDriver(
  db: Db,
  smtpUrl: string,
  from: string,
  log: MailLog,
  senderFor?: SenderResolver,
  now: () => number = Date.now,
): Promise<MailAdapter> {
  const nodemailer = (await import('nodemailer')).default;
  const transporter = nodemailer.createTransport(withTimeouts(smtpUrl));

  /** One claimed attempt: SMTP outside any transaction, then its outcome on the row. */
  async function attempt(row: DeliveryJob): Promise<void> {
    let error: string | null = null;
    try {
      // The envelope's sender is the From address: the business's domain when it sends.
      await transporter.sendMail({
        envelope: { from: row.fromAddress ?? addressOf(from), to: [row.to] },
        raw: Buffer.from(row.raw, 'utf8'),
      });
    } catch (err) {
      // The outbox keeps the failure; the caller's flow (e.g. "code sent") must not leak it.
      error = err instanceof Error ? err.message : String(err);
    }
    const gaveUp = await recordAttempt(db, row, error, now());
    if (error !== null)
      log(
        `[mail smtp] delivery to ${row.to} failed (attempt ${row.attempts}${gaveUp ? ', given up' : ', will retry'}): ${error}`,
      );
  }

  return {
    transport: 'smtp',
    async send(message) {
      const composed = await composeMail(message, from, senderFor, log);
      const { businessId: _, headers: _extra, ...fields } = message;
      // Written claimed for this first attempt: a worker takes it only if this process dies.
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...fields,
          attachments: storedAttachments(message),
          fromAddress: composed.fromAddress,
          headers: composed.headers,
          transport: 'smtp',
          raw: composed.raw.toString('utf8'),
          attempts: 1,
          nextAttemptAt: new Date(now() + LEASE_MS),
        })
        .returning({ id: mailOutbox.id });
      await attempt({
        id: row!.id,
        to: message.to,
        fromAddress: composed.fromAddress,
        raw: composed.raw.toString('utf8'),
        attempts: 1,
      });
    },
    async recordText(message, at) {
      // SMTP cannot deliver a text message.
      await db.insert(mailOutbox).values({ ...message, subject: 'SMS', transport: 'sms-outbox', sentAt: at });
      log(`[sms outbox] To: ${message.to} | ${message.text}`);
    },
    batch: (businessId, sender) =>
      mailBatch({
        businessId,
        sender,
        platformFrom: from,
        log,
        transport: 'smtp',
        now,
        // After the caller's commit: each row is tried once here unless a worker has taken it.
        deliver: async (id) => {
          const row = await claimFresh(db, id, now());
          if (row) await attempt(row);
        },
      }),
    async deliverDue(limit = DELIVERY_BATCH) {
      const rows = await claimDue(db, now(), limit);
      for (const row of rows) await attempt(row);
      return rows.length;
    },
    fromFor: (businessId) => fromAddressFor(businessId, from, senderFor, log),
    senderOf: async (businessId) => (senderFor ? senderFor(businessId) : null),
    async verify() {
      try {
        await transporter.verify();
        return true;
      } catch {
        return false;
      }
    },
  };
}
