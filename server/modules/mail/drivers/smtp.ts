/**
 * SMTP_URL set: nodemailer delivers each message. The message is built and signed once
 * (compose.ts: the business's sender, nodemailer's `dkim` option) and these bytes are what SMTP
 * carries, so the outbox row — written first, with the From and headers — shows what was sent
 * and records the delivery or its failure, so a lost mail can be found and resent.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { composeMail, fromAddressFor } from '../compose';
import { mailBatch } from '../batch';
import { storedAttachments, type MailAdapter, type MailLog, type SenderResolver } from '../types';

export async function smtpDriver(
  db: Db,
  smtpUrl: string,
  from: string,
  log: MailLog,
  senderFor?: SenderResolver,
): Promise<MailAdapter> {
  const nodemailer = (await import('nodemailer')).default;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      const composed = await composeMail(message, from, senderFor, log);
      const { businessId: _, headers: _extra, ...fields } = message;
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...fields,
          attachments: storedAttachments(message),
          fromAddress: composed.fromAddress,
          headers: composed.headers,
          transport: 'smtp',
        })
        .returning({ id: mailOutbox.id });
      try {
        // The envelope's sender is the From address: the business's domain when it sends.
        await transporter.sendMail({ envelope: { from: composed.fromAddress, to: [message.to] }, raw: composed.raw });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (err) {
        // The outbox keeps the failure; the caller's flow (e.g. "code sent") must not leak it.
        const reason = err instanceof Error ? err.message : String(err);
        await db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, row!.id));
        log(`[mail smtp] delivery to ${message.to} failed: ${reason}`);
      }
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
        // After the caller's commit: a failure is kept on the row, as send() keeps it.
        deliver: async (id, composed, to) => {
          try {
            await transporter.sendMail({ envelope: { from: composed.fromAddress, to: [to] }, raw: composed.raw });
            await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
          } catch (err) {
            const reason = err instanceof Error ? err.message : String(err);
            await db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, id));
            log(`[mail smtp] delivery to ${to} failed: ${reason}`);
          }
        },
      }),
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
