/**
 * Mail goes through one adapter (types.ts). Every message is written to the `mail_outbox`
 * table first; the embedded driver stops there and prints a log line, and with SMTP_URL set the
 * SMTP driver (nodemailer) delivers it too.
 */
import type { Db } from '../../db/client';
import { outboxDriver } from './drivers/outbox';
import { smtpDriver } from './drivers/smtp';
import type { MailAdapter, MailLog } from './types';

export type { MailAdapter, MailMessage } from './types';

export async function createMailAdapter(opts: {
  db: Db;
  smtpUrl: string | null;
  from: string;
  log: MailLog;
}): Promise<MailAdapter> {
  const { db, smtpUrl, from, log } = opts;
  return smtpUrl ? smtpDriver(db, smtpUrl, from, log) : outboxDriver(db, log);
}
