/**
 * A quote's moves beyond the engine's CRUD, by the mover: send (draft → sent: the customer gets a
 * mail with the public link). Checked by the declaration's transitions and its own rule with the
 * business's today (an expired or past-dated draft is not sent) and by the bookings' rule (a move
 * the business cannot book is not sent: move-fit.ts), written only from the state it
 * was checked in, audited in the same transaction, and announced to open quote screens.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { clockTime } from '../../../src/domain/email-templates/mail-time';
import { MESSAGES } from '../../../src/domain/messages';
import { quotePrice } from '../../../src/domain/quotes/pricing';
import { QUOTE_PAGE_PATH, type QuoteStatus } from '../../../src/domain/quotes/quotes';
import { formatPercent, formatUsd } from '../../../src/domain/money';
import { recordRuleErrors } from '../../../src/domain/resources/record-rules';
import type { AuthContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, ValidationError } from '../../http/errors';
import { writeAudit } from '../../resources/audit';
import { nextVersion } from '../../resources/record-version';
import { publishRecordChanges } from '../../resources/live-events';
import { diff, recordToday, type Row } from '../../resources/records';
import { renderPlatformMail } from '../email-templates';
import { usDate } from '../reports';
import { assertMoveFits } from './move-fit';
import { moveOf, type QuoteRow, quotesResource, quotesTable, quoteWithLines } from './queries';

/** A transaction on the database (the callback's argument of db.transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const quoteUrl = (origin: string, token: string) => `${origin}${QUOTE_PAGE_PATH}${token}`;

/** Tells open quote lists and pages of the business that these quotes changed. */
export async function announceQuotes(app: FastifyInstance, businessId: string, ids: string[], created = false) {
  await publishRecordChanges(app, quotesResource(), created ? 'created' : 'updated', new Map([[businessId, ids]]));
}

/**
 * Writes a move of `before` to `to` (with the columns it sets), in `tx` or a transaction of its
 * own: only if the status is still the one checked (another tab or the customer moved it first:
 * 409), with an audit entry (actor null: the customer).
 */
export async function writeQuoteMove(
  tx: Tx,
  app: FastifyInstance,
  before: Row,
  to: QuoteStatus,
  set: Row,
  actorId: string | null,
): Promise<Row> {
  const table = quotesTable();
  const [after] = await tx
    .update(table)
    // A new version even within the millisecond of the last save, so an open edit form sees the move.
    .set({ status: to, ...set, updatedAt: nextVersion(table, app.ctx.now()) })
    .where(and(eq(table.id!, before.id as string), eq(table.status!, before.status as string)))
    .returning();
  if (!after) throw conflict(MESSAGES.quoteNotWaiting);
  await writeAudit(tx, quotesResource(), actorId, [
    {
      recordId: before.id as string,
      businessId: before.businessId as string,
      action: 'update',
      changes: diff(quotesResource(), before, after),
    },
  ]);
  return after;
}

/** The price's words, in the mail's language. */
const PRICE_WORDS = {
  en: {
    hourly: (rate: string, total: string) => `${rate} per hour, estimated ${total}`,
    cap: 'not to exceed',
    tax: (tax: string, rate: string) => ` (including ${tax} tax at ${rate})`,
  },
  es: {
    hourly: (rate: string, total: string) => `${rate} por hora, estimado ${total}`,
    cap: 'sin superar',
    tax: (tax: string, rate: string) => ` (incluye ${tax} de impuestos al ${rate})`,
  },
} as const;

/**
 * The mail the customer gets: what is quoted, until when, and the link to answer it; the
 * platform's 'quote' template in the language of the page the mover sent it from (a customer
 * has no account, so no language of their own here).
 */
async function quoteMail(
  app: FastifyInstance,
  quote: QuoteRow,
  businessName: string,
  url: string,
  locale: PlatformMailLocale,
) {
  const { totalCents, pricingType, taxCents, taxRate } = quotePrice(quote);
  const words = PRICE_WORDS[locale];
  // The total the customer will accept, tax included (the cap too), and the tax in it when there is one.
  const tax = taxCents ? words.tax(formatUsd(taxCents), formatPercent(taxRate ?? 0)) : '';
  const price =
    (pricingType === 'hourly'
      ? words.hourly(formatUsd(Number(quote.hourlyRateCents)), formatUsd(totalCents ?? 0))
      : pricingType === 'not_to_exceed'
        ? `${words.cap} ${formatUsd(totalCents ?? 0)}`
        : formatUsd(totalCents ?? 0)) + tax;
  const mail = await renderPlatformMail(app, 'quote', locale, {
    'contact.name': String(quote.customerName),
    'business.name': businessName,
    'quote.number': String(quote.number),
    'quote.moveDate': usDate(String(quote.moveDate)),
    // h:mm A, as the quote's page shows it (stored as the time input's HH:mm).
    'quote.startTime': clockTime(String(quote.startTime)),
    'quote.price': price,
    'quote.from': String(quote.originAddress),
    'quote.to': String(quote.destinationAddress),
    'quote.validUntil': usDate(String(quote.validUntil)),
    'quote.link': url,
  });
  // From the business's default sender (mail/compose.ts).
  return { businessId: String(quote.businessId), to: String(quote.customerEmail), ...mail };
}

/** Sends a draft: gives it its public token, marks it sent and mails the customer (through the outbox). */
export async function sendQuote(
  app: FastifyInstance,
  auth: AuthContext,
  id: unknown,
  origin: string,
  businessName: string,
  locale: PlatformMailLocale = 'en',
) {
  const resource = quotesResource();
  const before = await quoteWithLines(app, id, auth.businessId);
  const today = await recordToday(app, before.businessId);
  const errors = recordRuleErrors(resource, before, { ...before, status: 'sent' }, ['status'], { today });
  if (errors.status || before.status === 'sent') throw new ValidationError({ status: MESSAGES.statusTransition });
  if (errors.validUntil) throw conflict(MESSAGES.quoteSendExpired, { validUntil: MESSAGES.quoteSendExpired });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // A move the business cannot book now could never be accepted: refuse it with the times that fit.
  await assertMoveFits(app, before.businessId, moveOf(before));
  const token = (before.publicToken as string | null) ?? randomBytes(24).toString('base64url');
  const mail = await quoteMail(app, before, businessName, quoteUrl(origin, token), locale);
  await app.ctx.database.db.transaction((tx) =>
    writeQuoteMove(tx, app, before, 'sent', { publicToken: token, sentAt: new Date(app.ctx.now()) }, auth.userId),
  );
  // After the commit, like the invoices' mail: the outbox keeps it (or SMTP sends it).
  await app.ctx.mail.send(mail);
  await announceQuotes(app, before.businessId, [before.id]);
}
