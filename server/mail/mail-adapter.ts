/**
 * Mail goes through one adapter. Every message is written to the `mail_outbox` table first;
 * the embedded default stops there and prints a log line (so the demo's recovery code can be
 * read in the server's console), and with SMTP_URL set nodemailer delivers it too.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailAdapter {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Round-trip check for the status page; null when there is nothing to reach. */
  verify(): Promise<boolean | null>;
}

type Log = (line: string) => void;

export async function createMailAdapter(opts: {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: Log;
}): Promise<MailAdapter> {
  const { db, smtpUrl, from, log } = opts;
  if (!smtpUrl) {
    return {
      transport: 'outbox',
      async send(message) {
        await db.insert(mailOutbox).values({ ...message, transport: 'outbox', sentAt: new Date() });
        log(`[mail outbox] To: ${message.to} | Subject: ${message.subject}\n${message.text}`);
      },
      verify: async () => null,
    };
  }
  const nodemailer = (await import('nodemailer')).default;
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, transport: 'smtp' })
        .returning({ id: mailOutbox.id });
      try {
        await transporter.sendMail({ from, ...message });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (err) {
        // The outbox keeps the failure; the caller's flow (e.g. "code sent") must not leak it.
        await db
          .update(mailOutbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(mailOutbox.id, row!.id));
        log(`[mail smtp] delivery to ${message.to} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
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
