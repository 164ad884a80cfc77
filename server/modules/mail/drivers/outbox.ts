/**
 * The embedded default: the message is built (from the business's sender, DKIM-signed when its
 * domain allows: compose.ts), written to the `mail_outbox` table with its From and headers, and
 * printed, so the demo's recovery codes and a business mail's signature can be read in the
 * server's console. Nothing leaves the machine.
 */
import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
import { addressOf, composeMail, fromAddressFor, type ComposedMail } from '../compose';
import { mailBatch } from '../batch';
import { storedAttachments, type MailAdapter, type MailLog, type SenderResolver } from '../types';

/**
 * A business's mail says whom it is from and who signed it, after the subject; the platform's
 * line stays `To: … | Subject: …` as the tests and the demo's readers expect it.
 */
export const senderTail = (composed: ComposedMail, platformFrom: string) =>
  composed.fromAddress === addressOf(platformFrom)
    ? ''
    : ` | From: ${composed.fromAddress}` +
      (composed.dkim ? ` | DKIM: d=${composed.dkim.domainName} s=${composed.dkim.keySelector}` : '');

export function outboxDriver(db: Db, log: MailLog, from: string, senderFor?: SenderResolver): MailAdapter {
  return {
    transport: 'outbox',
    async send(message) {
      const composed = await composeMail(message, from, senderFor, log);
      const { businessId: _, headers: _extra, ...row } = message;
      await db.insert(mailOutbox).values({
        ...row,
        attachments: storedAttachments(message),
        fromAddress: composed.fromAddress,
        headers: composed.headers,
        transport: 'outbox',
        sentAt: new Date(),
      });
      log(
        `[mail outbox] To: ${message.to} | Subject: ${message.subject}${senderTail(composed, from)}\n${message.text}`,
      );
    },
    async recordText(message, at) {
      await db.insert(mailOutbox).values({ ...message, subject: 'SMS', transport: 'outbox', sentAt: at });
      log(`[mail outbox] To: ${message.to} | Subject: SMS\n${message.text}`);
    },
    batch: (businessId, sender) =>
      mailBatch({ businessId, sender, platformFrom: from, log, transport: 'outbox', printed: senderTail }),
    fromFor: (businessId) => fromAddressFor(businessId, from, senderFor, log),
    senderOf: async (businessId) => (senderFor ? senderFor(businessId) : null),
    // Every row is recorded as it is written: nothing is left to deliver.
    deliverDue: async () => 0,
    verify: async () => null,
  };
}
