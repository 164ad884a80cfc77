/**
 * SMTP_URL set: nodemailer delivers each message. The outbox row is written first and records
 * the delivery or its failure, so a lost mail can be found and resent.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { storedAttachments, type MailAdapter, type MailLog } from '../types';

export async function smtpDriver(db: Db, smtpUrl: string, from: string, log: MailLog): Promise<MailAdapter> {
  const nodemailer = (await import('nodemailer')).default;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, attachments: storedAttachments(message), transport: 'smtp' })
        .returning({ id: mailOutbox.id });
      try {
        await transporter.sendMail({
          from,
          ...message,
          // nodemailer takes bytes; a string content here is base64 (types.ts).
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: typeof a.content === 'string' ? Buffer.from(a.content, 'base64') : a.content,
          })),
        });
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
