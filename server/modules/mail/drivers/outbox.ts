/**
 * The embedded default: the message is written to the `mail_outbox` table and printed, so the
 * demo's recovery codes can be read in the server's console. Nothing leaves the machine.
 */
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { storedAttachments, type MailAdapter, type MailLog } from '../types';

export function outboxDriver(db: Db, log: MailLog): MailAdapter {
  return {
    transport: 'outbox',
    async send(message) {
      await db
        .insert(mailOutbox)
        .values({ ...message, attachments: storedAttachments(message), transport: 'outbox', sentAt: new Date() });
      log(`[mail outbox] To: ${message.to} | Subject: ${message.subject}\n${message.text}`);
    },
    async recordText(message, at) {
      await db.insert(mailOutbox).values({ ...message, subject: 'SMS', transport: 'outbox', sentAt: at });
      log(`[mail outbox] To: ${message.to} | Subject: SMS\n${message.text}`);
    },
    verify: async () => null,
  };
}
