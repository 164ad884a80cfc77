/**
 * Mail goes through one adapter (types.ts). Every message is built once (compose.ts: from the
 * business's default sender and DKIM-signed when it has one, else from MAIL_FROM) and written to
 * the `mail_outbox` table; the embedded driver stops there and prints a log line, and with
 * SMTP_URL set the SMTP driver (nodemailer) delivers it too, retried by the delivery worker
 * (worker.ts) until accepted or given up.
 */
import type { Db } from '../../db/client';
import { outboxDriver } from './drivers/outbox';
import { smtpDriver } from './drivers/smtp';
import type { MailAdapter, MailLog, SenderResolver } from './types';

export type { MailAdapter, MailMessage } from './types';

export async function createMailAdapter(opts: {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: MailLog;
  /** A business's default sender (the domains module's, injected by app.ts); absent: always MAIL_FROM. */
  senderFor?: SenderResolver;
  /** The app's clock: when an SMTP row is due again (tests move it). */
  now?: () => number;
}): Promise<MailAdapter> {
  const { db, smtpUrl, from, log, senderFor, now } = opts;
  return smtpUrl ? smtpDriver(db, smtpUrl, from, log, senderFor, now) : outboxDriver(db, log, from, senderFor);
}
