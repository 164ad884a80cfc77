/**
 * A business's mail written to the outbox inside the caller's transaction (MailAdapter.batch): a
 * campaign marks its recipients sent in the same transaction, so a process killed mid-send
 * leaves each recipient either sent with exactly one outbox row or queued with none. The sender
 * is resolved beforehand (its DKIM key is read outside any transaction); each message is
 * composed and signed as send() does (compose.ts) and the rows go in one insert. Under SMTP the
 * rows wait with no sent_at until the caller, after its commit, calls deliver(); one that was
 * not delivered then (the process died first, SMTP was down) is due to the delivery worker after
 * a short grace (delivery.ts), so it is sent later rather than never.
 */
import { randomUUID } from 'node:crypto';
import { mailOutbox } from './tables';
import { addressOf, composeMail, type ComposedMail } from './compose';
import { GRACE_MS } from './delivery';
import { storedAttachments, type BusinessSender, type MailBatch, type MailLog, type MailMessage } from './types';

export function mailBatch(opts: {
  businessId: string;
  sender: BusinessSender | null;
  platformFrom: string;
  log: MailLog;
  transport: 'outbox' | 'smtp';
  /** The outbox driver's log tail (From, DKIM signer). */
  printed?: (composed: ComposedMail, platformFrom: string) => string;
  /** SMTP only: hands one recorded row to the server (unless a worker has taken it). */
  deliver?: (id: string) => Promise<void>;
  /** The app's clock (when the rows fall due to the worker). */
  now?: () => number;
}): MailBatch {
  const { businessId, sender, platformFrom, log, transport } = opts;
  const resolver = async () => sender;
  return {
    fromAddress: sender?.dkim ? sender.address : addressOf(platformFrom),
    async record(tx, messages: MailMessage[], rowIds?: string[]) {
      const composed = await Promise.all(
        messages.map((m) => composeMail({ ...m, businessId }, platformFrom, resolver, log)),
      );
      const ids = messages.map((_, i) => rowIds?.[i] ?? randomUUID());
      const at = new Date();
      const smtp = transport === 'smtp';
      const due = new Date((opts.now?.() ?? Date.now()) + GRACE_MS);
      if (messages.length)
        await tx.insert(mailOutbox).values(
          messages.map((m, i) => ({
            id: ids[i]!,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html ?? null,
            attachments: storedAttachments(m),
            transport,
            fromAddress: composed[i]!.fromAddress,
            headers: composed[i]!.headers,
            sentAt: smtp ? null : at,
            ...(smtp ? { raw: composed[i]!.raw.toString('utf8'), nextAttemptAt: due } : {}),
          })),
        );
      return {
        ids,
        async deliver() {
          if (transport === 'outbox') {
            for (const [i, m] of messages.entries())
              log(
                `[mail outbox] To: ${m.to} | Subject: ${m.subject}${opts.printed?.(composed[i]!, platformFrom) ?? ''}\n${m.text}`,
              );
            return;
          }
          for (const id of ids) await opts.deliver?.(id);
        },
      };
    },
  };
}
