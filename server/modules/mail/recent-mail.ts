/**
 * The outbox as the status page's "Recent mail" reads it (src/domain/admin/recent-mail.ts): the
 * latest messages, newest first, with their From, how they went (an SMTP row's attempts and its
 * next try included) and their header block, and the
 * DKIM signer read from that block. Text messages (SMS codes, `to` = `sms:…`) are left out: this
 * is the mail list. The bodies are never read here — they carry other people's codes (the wire
 * shape's doc comment says why).
 */
import { and, count, desc, not, like, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MailDelivery, RecentMail } from '../../../src/domain/admin/recent-mail';
import { mailOutbox } from './tables';

/** A header's value with its folding undone (`\r\n` + space or tab continues the line), or null. */
export function headerValue(headers: string, name: string): string | null {
  const lines = headers.split(/\r?\n/);
  const prefix = `${name.toLowerCase()}:`;
  const at = lines.findIndex((line) => line.toLowerCase().startsWith(prefix));
  if (at < 0) return null;
  let value = lines[at]!.slice(prefix.length);
  for (let i = at + 1; i < lines.length && /^[ \t]/.test(lines[i]!); i++) value += lines[i];
  return value.trim();
}

/**
 * The signer of the first DKIM-Signature header: its `d=` (domain) and `s=` (selector) tags, as
 * a receiver reads them (tag=value pairs split on `;`, whitespace inside a value ignored). Null
 * when there is no signature or it lacks either tag.
 */
export function dkimSigner(headers: string | null): { domain: string; selector: string } | null {
  const value = headers ? headerValue(headers, 'DKIM-Signature') : null;
  if (!value) return null;
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  const domain = tags.get('d');
  const selector = tags.get('s');
  return domain && selector ? { domain, selector } : null;
}

interface DeliveryState {
  transport: string;
  sentAt: Date | null;
  error: string | null;
  nextAttemptAt: Date | null;
  failedAt: Date | null;
}
/**
 * An SMTP row is sent, given up (failed: its last attempt failed; a row from before retries with
 * an error was not retried either), retrying (an attempt failed, another is due), or sending.
 */
const deliveryOf = (row: DeliveryState): MailDelivery => {
  if (row.transport !== 'smtp') return row.error !== null ? 'failed' : 'recorded';
  if (row.sentAt) return 'sent';
  if (row.failedAt || (row.error !== null && row.nextAttemptAt === null)) return 'failed';
  return row.error !== null ? 'retrying' : 'sending';
};

/** Mail only: a text message's row is addressed `sms:<number>` (and, under SMTP, kept as `sms-outbox`). */
const mailOnly = and(not(like(mailOutbox.to, 'sms:%')), ne(mailOutbox.transport, 'sms-outbox'));

/** One page of the outbox's mail, newest first, and how many there are in all. */
export async function recentMail(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ rows: RecentMail[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        createdAt: mailOutbox.createdAt,
        to: mailOutbox.to,
        fromAddress: mailOutbox.fromAddress,
        subject: mailOutbox.subject,
        transport: mailOutbox.transport,
        sentAt: mailOutbox.sentAt,
        error: mailOutbox.error,
        attempts: mailOutbox.attempts,
        nextAttemptAt: mailOutbox.nextAttemptAt,
        failedAt: mailOutbox.failedAt,
        headers: mailOutbox.headers,
      })
      .from(mailOutbox)
      .where(mailOnly)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(mailOutbox).where(mailOnly),
  ]);
  return {
    rows: rows.map(({ sentAt, failedAt, nextAttemptAt, ...row }) => {
      const delivery = deliveryOf({ ...row, sentAt, failedAt, nextAttemptAt });
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        delivery,
        nextAttemptAt: delivery === 'retrying' && nextAttemptAt ? nextAttemptAt.toISOString() : null,
        dkim: dkimSigner(row.headers),
      };
    }),
    total: total?.n ?? 0,
  };
}
